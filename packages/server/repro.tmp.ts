import { Client } from '@colyseus/sdk';
const url = process.argv[2]!;
for (let i = 0; i < 5; i++) {
  const a = new Client(url); const b = new Client(url);
  const ra = await a.create('match', { name: 'A', private: true });
  const invite = await new Promise<string>((res) => ra.onMessage('*', (t: any, m: any) => { if (t === 'welcome' && m?.invite) res(m.invite); }));
  const t0 = Date.now();
  const rb = await b.joinById(ra.roomId, { name: 'B', invite });
  let closed: any = null;
  rb.onLeave((code: number) => { closed = code; });
  ra.onMessage('*', () => {});
  await new Promise((r) => setTimeout(r, 1500));
  console.log('iter', i, 'joined in', Date.now() - t0, 'ms; b closed:', closed);
  await ra.leave(); await rb.leave().catch(() => {});
}
process.exit(0);
