import type { GuestSupportTicket } from '@app/contracts';

const KEY = 'support-guest-ticket';

/**
 * The ticket to a logged-out conversation, for this tab only (sessionStorage): closing the tab forgets it, and
 * the server ends it after a day anyway. Null when none is kept or it has run out.
 */
export function loadGuestTicket(now = Date.now()): GuestSupportTicket | null {
  try {
    const stored = JSON.parse(sessionStorage.getItem(KEY) ?? 'null') as GuestSupportTicket | null;
    return stored && typeof stored.ticket === 'string' && stored.expires_at * 1000 > now ? stored : null;
  } catch {
    return null;
  }
}

export function saveGuestTicket(ticket: GuestSupportTicket | null) {
  try {
    if (ticket) sessionStorage.setItem(KEY, JSON.stringify(ticket));
    else sessionStorage.removeItem(KEY);
  } catch {
    // Private browsing without storage: the conversation still works until the page is left.
  }
}
