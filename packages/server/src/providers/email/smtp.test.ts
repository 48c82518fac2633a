import type { AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { smtpProvider } from ".";

describe("SMTP e-mail driver", () => {
  const received: { to: string[]; raw: string }[] = [];
  let server: SMTPServer;
  let port = 0;

  beforeAll(async () => {
    server = new SMTPServer({
      authOptional: true,
      disabledCommands: ["STARTTLS"],
      onData(stream, session, done) {
        let raw = "";
        stream.on("data", (c: Buffer) => {
          raw += c.toString();
        });
        stream.on("end", () => {
          received.push({ to: session.envelope.rcptTo.map((r) => r.address), raw });
          done();
        });
      },
    });
    await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
    port = (server.server.address() as AddressInfo).port;
  });
  afterAll(() => new Promise<void>((r) => server.close(() => r())));

  it("delivers a message to a real SMTP server on loopback", async () => {
    const provider = smtpProvider(
      `smtp://127.0.0.1:${port}?ignoreTLS=true`,
      "Herald <no-reply@herald.local>",
    );
    const { providerMessageId } = await provider.send({
      to: "someone@example.com",
      subject: "Reset your password",
      text: "Open http://localhost/reset",
      html: "<p>Open <a href='http://localhost/reset'>this link</a></p>",
      idempotencyKey: "job-42",
    });
    await provider.close();
    expect(providerMessageId).toBe("<job-42@herald>");
    expect(received).toHaveLength(1);
    expect(received[0]!.to).toEqual(["someone@example.com"]);
    expect(received[0]!.raw).toContain("Subject: Reset your password");
    expect(received[0]!.raw).toContain("Open http://localhost/reset");
  });
});
