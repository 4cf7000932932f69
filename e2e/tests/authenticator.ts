// Chromium's virtual authenticator over CDP: a passkey for pages served from localhost (a passkey's relying party is a
// domain name, never an IP address).
import type { CDPSession, Page } from '@playwright/test';

/** A virtual authenticator that holds discoverable credentials and says yes at once (a platform passkey). */
export async function authenticator(p: Page): Promise<{ cdp: CDPSession; id: string }> {
  const cdp = await p.context().newCDPSession(p);
  await cdp.send('WebAuthn.enable');
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
  return { cdp, id: authenticatorId };
}
