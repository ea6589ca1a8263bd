import type { Db } from "./open-database.js";

export interface PrinterRow {
  id: number;
  name: string;
  location: string | null;
  brand: string | null;
  model: string | null;
  colour: number;
  duplex: number;
  /** Set by an administrator. */
  state: "active" | "disabled";
  /** What the device reports. */
  mode: "online" | "offline" | "withIssue";
  group_name: string | null;
  ip_address: string | null;
  serial_number: string | null;
  mac: string | null;
  notes: string | null;
}

/** The `status` filter of GET /v3/printers, as MyQ names its values; `local` is every printer of this server. */
const STATUS_WHERE: Record<string, string> = {
  active: "state = 'active'",
  local: "1",
  offline: "mode = 'offline'",
  withIssue: "mode = 'withIssue'",
};

export interface PrinterFilter {
  status?: string;
  /** Part of the name, any case. */
  name?: string;
  /** The group's name, any case. */
  group?: string;
}

/** A printer takes jobs when an administrator has it active and the device is online. */
export const canPrint = (p: PrinterRow): boolean => p.state === "active" && p.mode === "online";

export function printersRepository(db: Db) {
  const byId = db.prepare("SELECT * FROM printers WHERE id = ?");
  const setMode = db.prepare("UPDATE printers SET mode = ? WHERE id = ?");
  return {
    byId: (id: number) => byId.get(id) as PrinterRow | undefined,

    /** What the device reports now; false when there is no such printer. */
    setMode: (id: number, mode: PrinterRow["mode"]): boolean => setMode.run(mode, id).changes === 1,

    /** One page of the printers that match, by name; an unknown status matches none (MyQ answers an empty list). */
    list(filter: PrinterFilter, limit: number, start: number): { printers: PrinterRow[]; count: number } {
      const where: string[] = [];
      const params: Record<string, string> = {};
      if (filter.status !== undefined) where.push(STATUS_WHERE[filter.status] ?? "0");
      if (filter.name !== undefined) {
        where.push("instr(lower(name), lower(@name)) > 0");
        params.name = filter.name;
      }
      if (filter.group !== undefined) {
        where.push("lower(group_name) = lower(@group)");
        params.group = filter.group;
      }
      const condition = where.length > 0 ? `WHERE ${where.join(" AND ")}` : "";
      const count = Number(db.prepare(`SELECT count(*) FROM printers ${condition}`).pluck().get(params));
      const printers = db
        .prepare(`SELECT * FROM printers ${condition} ORDER BY name, id LIMIT @limit OFFSET @start`)
        .all({ ...params, limit, start }) as PrinterRow[];
      return { printers, count };
    },
  };
}

export type PrintersRepository = ReturnType<typeof printersRepository>;
