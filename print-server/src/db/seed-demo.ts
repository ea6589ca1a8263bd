import { hashPassword, lookupHash, normalizeCard } from "../secrets.js";
import { creditLedger } from "./credit-ledger.js";
import { nowSeconds, type Db } from "./open-database.js";
import { DEMO_PRICES, printCostCents, writePriceList } from "./price-list.js";
import { DEMO_FAVOURITES, refreshDemoJobs } from "./seed-demo-jobs.js";
import { seedCreditHistory, type DemoCharge } from "./seed-demo-credit.js";
import { draftJob, printedJobWriter } from "./seed-jobs.js";
import { CREDIT_ACCOUNT } from "./users.js";
import { seededRandom } from "./seeded-random.js";
import { seedDemoVouchers } from "./seed-vouchers.js";
import { DEMO_SELF_SERVICE, DEMO_SERVER_CONFIG, writeSetting } from "./settings.js";
import { userPinsRepository } from "./user-pins.js";

interface DemoUser {
  username: string;
  fullname: string;
  password: string;
  pin: string | null;
  card: string | null;
  aliases: string[];
  creditCents: number;
  code: string;
  phone: string | null;
  /** Chance of printing on a working day. */
  activity: number;
  quotaPages?: number;
  /** The account comes from a directory: its password cannot be changed here. */
  directoryManaged?: boolean;
}

const DEMO_USERS: readonly DemoUser[] = [
  {
    username: "alice",
    fullname: "Alice Liddell",
    password: "wonderland",
    pin: "112358",
    card: "04A1B2C3",
    aliases: ["a.liddell", "alice.l"],
    creditCents: 2550,
    code: "E1001",
    phone: "+44 20 7946 0001",
    activity: 0.6,
    quotaPages: 500,
  },
  {
    username: "bob",
    fullname: "Bob Builder",
    password: "canwefixit",
    pin: "314159",
    card: "04D5E6F7",
    aliases: [],
    creditCents: 320,
    code: "E1002",
    phone: null,
    activity: 0.35,
  },
  {
    username: "carol",
    fullname: "Carol Danvers",
    password: "higherfurther",
    pin: null,
    card: null,
    aliases: [],
    creditCents: 0,
    code: "E1003",
    phone: null,
    activity: 0.2,
    directoryManaged: true,
  },
];

/**
 * The demo's printers. Jobs are released at Reception and Finance MFP; Warehouse is offline and Design
 * studio has an issue, so a portal shows why they cannot print. Network details are made up.
 */
export const DEMO_PRINTERS = [
  {
    name: "Reception",
    location: "Ground floor",
    brand: "Kyocera",
    model: "TASKalfa 3253ci",
    colour: 1,
    duplex: 1,
    mode: "online",
    group: "Main building",
    ip: "10.0.0.31",
  },
  {
    name: "Finance MFP",
    location: "2nd floor",
    brand: "Xerox",
    model: "AltaLink C8155",
    colour: 1,
    duplex: 1,
    mode: "online",
    group: "Main building",
    ip: "10.0.0.32",
  },
  {
    name: "Warehouse",
    location: "Warehouse, loading bay",
    brand: "HP",
    model: "LaserJet M507",
    colour: 0,
    duplex: 0,
    mode: "offline",
    group: "Warehouse",
    ip: "10.0.1.40",
  },
  {
    name: "Library",
    location: "1st floor, library",
    brand: "Kyocera",
    model: "ECOSYS P3150dn",
    colour: 0,
    duplex: 1,
    mode: "online",
    group: "Main building",
    ip: "10.0.0.33",
  },
  {
    name: "Design studio",
    location: "3rd floor",
    brand: "Canon",
    model: "imageRUNNER ADVANCE C5850i",
    colour: 1,
    duplex: 1,
    mode: "withIssue",
    group: "Main building",
    ip: "10.0.0.34",
  },
] as const;

const DAY = 86_400;

/**
 * Settings, printers, the three demo users, about six months of their
 * printing up to `now` and about 90 days of credit statement.
 */
export async function seedDemo(db: Db, lookupKey: Buffer, now = nowSeconds()): Promise<void> {
  const hashes = await Promise.all(DEMO_USERS.map((u) => hashPassword(u.password)));
  const rnd = seededRandom(20_260_521);
  db.transaction(() => {
    writeSetting(db, "server", DEMO_SERVER_CONFIG);
    writeSetting(db, "selfService", DEMO_SELF_SERVICE);
    const pins = userPinsRepository(db, lookupKey);
    const ledger = creditLedger(db);
    writePriceList(db, DEMO_PRICES);
    const insertPrinter = db.prepare(
      `INSERT INTO printers (name, location, brand, model, colour, duplex, mode, group_name, ip_address, serial_number, mac)
       VALUES (@name, @location, @brand, @model, @colour, @duplex, @mode, @group, @ip, @serial, @mac)`,
    );
    const printerIds = DEMO_PRINTERS.map((p, i) =>
      Number(
        insertPrinter.run({ ...p, serial: `DEMO${1001 + i}`, mac: `00:11:22:33:44:${String(51 + i)}` }).lastInsertRowid,
      ),
    );
    const insertUser = db.prepare(
      `INSERT INTO users (username, fullname, email, code, lang, phone, password_hash, directory_managed, created_at)
       VALUES (?, ?, ?, ?, 'en', ?, ?, ?, ?)`,
    );
    const insertAlias = db.prepare("INSERT INTO user_aliases (user_id, alias) VALUES (?, ?)");
    const insertCard = db.prepare("INSERT INTO user_cards (user_id, card_hash) VALUES (?, ?)");
    const insertAccount = db.prepare(
      "INSERT INTO accounts (user_id, reference, name, type, quota_pages, quota_period) VALUES (?, ?, ?, ?, ?, ?)",
    );
    const insertSession = db.prepare(
      "INSERT INTO print_sessions (user_id, printer_id, started_at, ended_at) VALUES (?, ?, ?, ?)",
    );
    const writeJob = printedJobWriter(db, now);

    const start = now - 182 * DAY;
    const firstDay = start - (start % DAY);
    const today = now - (now % DAY);
    DEMO_USERS.forEach((u, i) => {
      const userId = Number(
        insertUser.run(
          u.username,
          u.fullname,
          `${u.username}@example.com`,
          u.code,
          u.phone,
          hashes[i],
          u.directoryManaged ? 1 : 0,
          start,
        ).lastInsertRowid,
      );
      if (u.pin) pins.add(userId, u.pin, start);
      u.aliases.forEach((a) => insertAlias.run(userId, a));
      if (u.card) insertCard.run(userId, lookupHash(lookupKey, normalizeCard(u.card)));
      const creditId = Number(
        insertAccount.run(userId, CREDIT_ACCOUNT, "Personal credit", "credit", null, null).lastInsertRowid,
      );
      if (u.quotaPages) insertAccount.run(userId, "quota-monthly", "Monthly quota", "quota", u.quotaPages, "month");

      const charges: DemoCharge[] = [];
      const printSession = (startedAt: number) => {
        const printerIndex = rnd.int(0, printerIds.length - 1);
        const printer = DEMO_PRINTERS[printerIndex]!;
        const jobs = Array.from({ length: rnd.int(1, 4) }, () => draftJob(rnd, printer));
        const endedAt = Math.min(startedAt + 30 * jobs.length + rnd.int(20, 200), now);
        const sessionId = Number(
          insertSession.run(userId, printerIds[printerIndex], startedAt, endedAt).lastInsertRowid,
        );
        jobs.forEach((job, n) => {
          const printedAt = Math.min(startedAt + 20 + 30 * n, endedAt);
          const submittedAt = printedAt - rnd.int(60, 3 * 3600);
          const jobId = writeJob(job, {
            userId,
            printerId: printerIds[printerIndex]!,
            accountId: creditId,
            sessionId,
            submittedAt,
            printedAt,
          });
          charges.push({ at: printedAt, cents: job.costCents, jobId, name: job.name });
        });
      };
      for (let day = firstDay; day <= today; day += DAY) {
        const weekday = new Date(day * 1000).getUTCDay();
        if (weekday === 0 || weekday === 6) continue;
        const sessions = rnd.chance(u.activity) ? rnd.int(1, 2) : 0;
        for (let s = 0; s < sessions; s++) {
          const startedAt = day + rnd.int(8 * 3600, 17 * 3600);
          if (startedAt >= start && startedAt < now - 600) printSession(startedAt);
        }
      }
      // Alice always has some quota used this month, whatever day the demo starts on.
      if (u.quotaPages) printSession(Math.max(today, now - 3600));
      for (const favourite of DEMO_FAVOURITES.filter((f) => f.username === u.username)) {
        const printedAt = now - favourite.printedAgo;
        const printerId = printerIds[DEMO_PRINTERS.findIndex((p) => p.name === favourite.printer)]!;
        const sessionId = Number(insertSession.run(userId, printerId, printedAt - 30, printedAt).lastInsertRowid);
        const jobId = writeJob(
          { ...favourite.job, costCents: printCostCents(DEMO_PRICES, favourite.job), project: null },
          {
            userId,
            printerId,
            accountId: creditId,
            sessionId,
            submittedAt: printedAt - 600,
            printedAt,
            favorite: true,
          },
        );
        charges.push({
          at: printedAt,
          cents: printCostCents(DEMO_PRICES, favourite.job),
          jobId,
          name: favourite.job.name,
        });
      }

      seedCreditHistory(ledger, creditId, u.creditCents, charges, now);
    });
    refreshDemoJobs(db, now);
    seedDemoVouchers(db, lookupKey, now);
  })();
}
