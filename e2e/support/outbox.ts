/** The 6-digit code of the latest SMS sent to a phone, read from the server's outbox on the admin API. */
export async function latestCode(phone: string): Promise<string> {
  const url = `${process.env.E2E_ADMIN_URL}/admin/sms-outbox?recipient=${encodeURIComponent(phone)}`;
  for (let attempt = 0; attempt < 20; attempt++) {
    const response = await fetch(url, { headers: { authorization: `Bearer ${process.env.E2E_ADMIN_TOKEN}` } });
    const body = (await response.json()) as { data?: { items?: Array<{ body: string; id: number }> } };
    const items = [...(body.data?.items ?? [])].sort((a, b) => b.id - a.id);
    const code = items[0]?.body.match(/\b(\d{6})\b/)?.[1];
    if (code) return code;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`no code in the outbox for ${phone}`);
}

/** A phone number no other run used. */
export function uniquePhone(): string {
  return `139${String(Date.now()).slice(-8)}`;
}
