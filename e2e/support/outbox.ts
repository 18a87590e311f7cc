import { operatorAuth, sharedOperators, type OperatorTokens } from './operators.ts';

/** The server whose SMS outbox to read: the shared one of global setup unless a spec started its own. */
type Admin = { adminUrl: string; operators: OperatorTokens };

const sharedServer = (): Admin => ({ adminUrl: process.env.E2E_ADMIN_URL!, operators: sharedOperators() });

/**
 * The 6-digit code of the latest SMS sent to a phone, read from the server's outbox on the admin API (the texts
 * hold live codes: an admin reads them).
 */
export async function latestCode(phone: string, server: Admin = sharedServer()): Promise<string> {
  const url = `${server.adminUrl}/admin/sms-outbox?recipient=${encodeURIComponent(phone)}`;
  for (let attempt = 0; attempt < 20; attempt++) {
    const response = await fetch(url, { headers: operatorAuth(server.operators.alice) });
    const body = (await response.json()) as { data?: { items?: Array<{ body: string; id: number }> } };
    const items = [...(body.data?.items ?? [])].sort((a, b) => b.id - a.id);
    const code = items[0]?.body.match(/\b(\d{6})\b/)?.[1];
    if (code) return code;
    // A poll of the outbox (global setup calls this outside any test, where expect.poll is not at hand).
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`no code in the outbox for ${phone}`);
}

/** A phone number no other run used. */
export function uniquePhone(): string {
  return `139${String(Date.now()).slice(-8)}`;
}
