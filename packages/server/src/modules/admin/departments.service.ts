import type { components } from "@herald/api-client/schema";
import type { Deps } from "../../deps";
import { containsPattern, direction, type PageQuery, pageWindow } from "../../lib/paging";
import type { Actor } from "../../plugins/actor";

type S = components["schemas"];

const SORTS: Record<string, string> = {
  name: "lower(d.name)",
  desc: "lower(d.description)",
  creatorFirstName: "lower(u.first_name)",
  created_at: "d.created_at",
};

interface DeptRow {
  id: string;
  name: string;
  description: string;
  creator_first_name: string | null;
  created_at: Date | string;
  total: string | number;
}

export const toDepartment = (r: Omit<DeptRow, "total">): S["Department"] => ({
  id: r.id,
  name: r.name,
  desc: r.description,
  creatorFirstName: r.creator_first_name,
  created_at: new Date(r.created_at).toISOString(),
});

export function departmentService({ database }: Deps) {
  return {
    /** One page of the company's departments and the matching total, in one query. Any signed-in user. */
    async list(actor: Actor, q: PageQuery): Promise<S["DepartmentList"]> {
      const { limit, offset } = pageWindow(q, 100);
      const pattern = containsPattern(q.search);
      const sort = SORTS[q.sort ?? "name"] ?? SORTS.name;
      const dir = direction(q.order, q.sort && q.sort !== "name" && q.sort !== "desc" ? "desc" : "asc");
      const search = pattern ? "and (d.name ilike $4 or d.description ilike $4)" : "";
      const page = (lim: number, off: number) =>
        database.query<DeptRow>(
          `select d.id, d.name, d.description, u.first_name as creator_first_name, d.created_at,
                  count(*) over () as total
             from departments d left join users u on u.id = d.created_by
            where d.company_id = $1 ${search}
            order by ${sort} ${dir}, d.id
            limit $2 offset $3`,
          pattern ? [actor.companyId, lim, off, pattern] : [actor.companyId, lim, off],
        );
      const rows = await page(limit, offset);
      // Past the last page no row carries the total: ask for the first row instead (rare; one more query).
      const total = rows[0]
        ? Number(rows[0].total)
        : offset > 0
          ? Number((await page(1, 0))[0]?.total ?? 0)
          : 0;
      return { data: rows.map(toDepartment), total };
    },
  };
}
