import { randomBytes } from "node:crypto";
import { sql } from "drizzle-orm";
import {
  companies,
  contactGroups,
  contacts,
  departments,
  groupMembers,
  keywords,
  mobileSubscriptions,
  senderIds,
  userDepartments,
  users,
} from "../db/schema";
import type { Deps } from "../deps";
import { hashPassword } from "../lib/passwords";
import { allocate, purchaseCredit } from "../modules/credit/ledger";

export interface DemoCredentials {
  companyName: string;
  email: string;
  password: string;
}

/** A password that satisfies the product's rules (12+, upper, lower, digit, special). */
export function generatePassword(): string {
  const core = randomBytes(12).toString("base64url").replace(/[-_]/g, "x");
  return `${core}Aa7!`;
}

/**
 * On an empty database, creates a demo company with an owner admin, a few departments and users so a
 * new user can look around at once. Returns the credentials to print, or null when data already exists.
 */
export async function seedDemo({ database, config }: Deps): Promise<DemoCredentials | null> {
  const { db } = database;
  const [{ count } = { count: 0 }] = await db.select({ count: sql<number>`count(*)::int` }).from(companies);
  if (count > 0) return null;
  const password = generatePassword();
  const passwordHash = await hashPassword(password);
  const companyName = "Demo Company";
  const email = "owner@demo.herald.local";
  await db.transaction(async (tx) => {
    const [company] = await tx
      .insert(companies)
      .values({
        name: companyName,
        creditCents: 0,
        totalUsersAllowed: config.userLimitDefault,
        isDemo: true,
        firstThreshCents: 20_000,
        secondThreshCents: 5_000,
      })
      .returning();
    const companyId = company!.id;
    const people = [
      {
        firstName: "Ada",
        lastName: "Tan",
        email,
        userRole: "admin",
        isOwner: true,
        creditCents: 50_000,
        contactNumber: "6591234567",
        country: "Singapore",
        depts: ["Sales", "Support"],
      },
      {
        firstName: "Ben",
        lastName: "Lim",
        email: "admin@demo.herald.local",
        userRole: "admin",
        isOwner: false,
        creditCents: 20_000,
        contactNumber: "6591234568",
        country: "Singapore",
        depts: ["Marketing"],
      },
      {
        firstName: "Chitra",
        lastName: "Nair",
        email: "supervisor@demo.herald.local",
        userRole: "supervisor",
        isOwner: false,
        creditCents: 10_000,
        contactNumber: "60123456789",
        country: "Malaysia",
        depts: ["Support"],
      },
      {
        firstName: "Daniel",
        lastName: "Wong",
        email: "agent@demo.herald.local",
        userRole: "agent",
        isOwner: false,
        creditCents: 5_000,
        contactNumber: "6591234570",
        country: "Singapore",
        depts: ["Support"],
      },
      {
        firstName: "Eve",
        lastName: "Koh",
        email: "agent2@demo.herald.local",
        userRole: "agent",
        isOwner: false,
        creditCents: 2_500,
        contactNumber: "6591234571",
        country: "Singapore",
        depts: ["Sales"],
      },
    ] as const;
    const inserted = await tx
      .insert(users)
      .values(
        people.map((p) => ({
          companyId,
          firstName: p.firstName,
          lastName: p.lastName,
          email: p.email,
          passwordHash,
          contactNumber: p.contactNumber,
          country: p.country,
          userRole: p.userRole,
          isOwner: p.isOwner,
          creditCents: 0,
          emailVerifiedAt: new Date(),
          ...(p.userRole === "admin" ? { senderIds: ["HERALD", "DemoCo"], isAllowSid: true } : {}),
        })),
      )
      .returning({ id: users.id, email: users.email });
    const owner = inserted[0]!;
    // The sender IDs the admins use are the company's own, approved as the operator would: HERALD registered
    // with Singapore's SMS Sender ID Registry, DemoCo not (compose warns before sending with it to +65 numbers).
    await tx.insert(senderIds).values([
      {
        companyId,
        senderId: "HERALD",
        kind: "alphanumeric",
        purpose: "Demo messages",
        status: "approved",
        ssirRegistered: true,
        requestedBy: owner.id,
        requesterLabel: `Ada Tan <${email}>`,
        decidedAt: new Date(),
      },
      {
        companyId,
        senderId: "DemoCo",
        kind: "alphanumeric",
        purpose: "Demo promotions",
        status: "approved",
        ssirRegistered: false,
        requestedBy: owner.id,
        requesterLabel: `Ada Tan <${email}>`,
        decidedAt: new Date(),
      },
    ]);
    // Credit goes through the ledger like any other: a purchase funds the corporate balance, then each
    // user's allocation, so balances always equal the sum of their entries.
    const allocated = people.reduce((sum, p) => sum + p.creditCents, 0);
    await purchaseCredit(tx, {
      companyId,
      amountCents: 1_000_000 + allocated,
      actorId: owner.id,
      memo: "Demo credit",
    });
    for (const [i, p] of people.entries()) {
      await allocate(tx, {
        companyId,
        userId: inserted[i]!.id,
        amountCents: p.creditCents,
        actorId: owner.id,
        memo: "Demo credit",
      });
    }
    const depts = await tx
      .insert(departments)
      .values([
        { companyId, name: "Sales", description: "Leads, quotes and orders", createdBy: owner.id },
        { companyId, name: "Support", description: "Customer care on every channel", createdBy: owner.id },
        { companyId, name: "Marketing", description: "Campaigns and broadcasts", createdBy: owner.id },
      ])
      .returning({ id: departments.id, name: departments.name });
    const deptId = (name: string) => depts.find((d) => d.name === name)!.id;
    await tx
      .insert(userDepartments)
      .values(
        people.flatMap((p, i) => p.depts.map((d) => ({ userId: inserted[i]!.id, departmentId: deptId(d) }))),
      );
    // SMS keywords and subscription lists, so the administration screens have something to show.
    await tx.insert(keywords).values([
      {
        companyId,
        keyword: "JOIN",
        type: "sub",
        autoReplyStatus: "enable",
        autoReply: "Thanks for subscribing to Demo Company updates. Reply STOP to opt out.",
        createdBy: owner.id,
      },
      {
        companyId,
        keyword: "STOP",
        type: "unsub",
        autoReplyStatus: "enable",
        autoReply: "You will receive no more messages from Demo Company.",
        createdBy: owner.id,
      },
      { companyId, keyword: "INFO", type: "sub", autoReplyStatus: "disable", createdBy: owner.id },
    ]);
    await tx.insert(mobileSubscriptions).values([
      { companyId, contactNumber: "6581230001", type: "sub", createdBy: owner.id },
      { companyId, contactNumber: "6581230002", type: "sub", createdBy: owner.id },
      { companyId, contactNumber: "60123450003", type: "sub", createdBy: owner.id },
      { companyId, contactNumber: "6581230009", type: "unsub", createdBy: owner.id },
    ]);
    // A few contacts and a group, so the contact screens and pickers have something to show.
    const demoContacts = await tx
      .insert(contacts)
      .values([
        {
          companyId,
          mobile: "6581230001",
          name: "Grace Lee",
          email: "grace.lee@example.com",
          attributes: { city: "Singapore" },
          createdBy: owner.id,
        },
        {
          companyId,
          mobile: "6581230002",
          name: "Henry Goh",
          email: null,
          attributes: { city: "Singapore" },
          createdBy: owner.id,
        },
        {
          companyId,
          mobile: "60123450003",
          name: "Aisha Rahman",
          email: "aisha@example.com",
          attributes: { city: "Kuala Lumpur" },
          createdBy: owner.id,
        },
        {
          companyId,
          mobile: "6581230004",
          name: "Ivan Teo",
          email: null,
          attributes: {},
          createdBy: owner.id,
        },
        {
          companyId,
          mobile: "6581230005",
          name: "Julia Ng",
          email: "julia.ng@example.com",
          attributes: {},
          createdBy: owner.id,
        },
      ])
      .returning({ id: contacts.id });
    const [vip] = await tx
      .insert(contactGroups)
      .values({ companyId, name: "VIP Customers", createdBy: owner.id })
      .returning({ id: contactGroups.id });
    await tx
      .insert(groupMembers)
      .values(demoContacts.slice(0, 3).map((c) => ({ groupId: vip!.id, contactId: c.id })));
  });
  return { companyName, email, password };
}
