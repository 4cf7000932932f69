// Joining a room from its address: resuming a held seat (a reload), taking a seat, or watching; a full room's invite
// link lets a third person watch. The screens while joining and when the join failed.
import type { Session } from '../net/session.js';
import { storedToken } from '../net/session.js';
import { failureCard, h } from '../ui/dom.js';

export interface RoomRoute {
  roomId: string;
  invite?: string | undefined;
  spectate: boolean;
}

export async function joinRoom(s: Session, route: RoomRoute, name: string): Promise<void> {
  if (s.room?.roomId === route.roomId) return;
  if (s.room) await s.leave();
  const opts = { name, ...(route.invite ? { invite: route.invite } : {}) };
  if (!route.spectate && storedToken(route.roomId) && (await s.resume(route.roomId))) return;
  if (route.spectate) return s.join(route.roomId, { ...opts, spectate: true });
  try {
    await s.join(route.roomId, opts);
  } catch (e) {
    // A full room: the invite link of a running match lets a third person watch it.
    if (/full/i.test((e as Error).message)) await s.join(route.roomId, { ...opts, spectate: true });
    else throw e;
  }
}

export function joiningView(): HTMLElement {
  return h('div.screen', null, h('div.center.card', null, h('span.spinner'), ' Joining the match…'));
}

export function joinFailedView(e: Error): HTMLElement {
  return h('div.screen', null, failureCard('Cannot join this match', e.message, 'div.center.card.col'));
}
