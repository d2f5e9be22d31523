/** Query keys of the tickets area; every ticket query starts with ticketKeys.all. */
export const ticketKeys = {
  all: ['tickets'] as const,
  list: () => [...ticketKeys.all, 'list'] as const,
  detail: (tenantId: string, ticketId: string) =>
    [...ticketKeys.all, 'detail', tenantId, ticketId] as const,
};
