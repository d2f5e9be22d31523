import { AsyncLocalStorage } from 'node:async_hooks';
import type { AuditActor } from '@app/contracts';

/**
 * Who the running request acts as, for the history of changes: set once where an admin
 * request's work starts (`handle()`), read where a change is recorded. Work outside any request
 * (an expiry, a customer's payment, an integration) is the system's: no id, address or role.
 */
const storage = new AsyncLocalStorage<AuditActor>();

export const SYSTEM_ACTOR: AuditActor = { id: null, email: null, role: null };

export function asActor<T>(actor: AuditActor, work: () => T): T {
  return storage.run(actor, work);
}

export function currentActor(): AuditActor {
  return storage.getStore() ?? SYSTEM_ACTOR;
}
