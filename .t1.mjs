import mp from "@fastify/multipart";
import F from "fastify";
import g from "fastify-openapi-glue";

const spec = process.argv[2];
const mode = process.argv[3];
const app = F({ logger: false });
await app.register(mp, mode ? { attachFieldsToBody: mode === "kv" ? "keyValues" : true } : {});
await app.register(g, {
  specification: spec,
  serviceHandlers: new Proxy(
    {},
    {
      get: () => async (req) => {
        if (req.isMultipart && !mode) {
          for await (const p of req.parts()) {
            if (p.file) await p.toBuffer();
          }
        }
        return { a: "ok" };
      },
    },
  ),
  prefix: "/api",
});
await app.ready();
const b = "XyZ";
const body = `--${b}\r\nContent-Disposition: form-data; name="broadcastId"\r\n\r\n0190a7c2-1111-7222-8333-444455556666\r\n--${b}\r\nContent-Disposition: form-data; name="file"; filename="a.csv"\r\nContent-Type: text/csv\r\n\r\nmobile,name\r\n6591234567,A\r\n--${b}--\r\n`;
const r = await app.inject({
  method: "POST",
  url: "/api/up",
  headers: { "content-type": `multipart/form-data; boundary=${b}` },
  payload: body,
});
console.log(r.statusCode, r.body);
