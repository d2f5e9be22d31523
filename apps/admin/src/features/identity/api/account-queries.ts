import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { identityRoutes, type EmailMigrationBody, type Language } from '@app/contracts';
import { callApi } from '../../../lib/api-client.ts';
import { identityKeys } from './identity-queries.ts';

/** Keys of the signed-in user's e-mail state (by the user's address), per tenant path. */
export const accountKeys = {
  emailStatus: (account: string, tenantId: string) =>
    [...identityKeys.all, 'email', account, tenantId] as const,
};

export const emailStatusQuery = (account: string, tenantId: string) =>
  queryOptions({
    queryKey: accountKeys.emailStatus(account, tenantId),
    queryFn: ({ signal }) =>
      callApi(identityRoutes.emailVerificationStatus, { params: { tenantId } }, { signal }),
    staleTime: 5 * 60_000,
  });

/** The banners' state (§4.7); nothing for a super admin or a user without a tenant. */
export function useEmailStatus(account: string | null, tenantId: string | null) {
  return useQuery({
    ...emailStatusQuery(account ?? '', tenantId ?? ''),
    enabled: account !== null && tenantId !== null,
  });
}

export function useResendVerification(tenantId: string) {
  return useMutation({
    mutationFn: (lang: Language) =>
      callApi(identityRoutes.emailVerificationSend, {
        params: { tenantId },
        query: { lang },
        body: {},
      }),
  });
}

export function useMigrateEmail(account: string, tenantId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { body: EmailMigrationBody; lang: Language }) =>
      callApi(identityRoutes.emailVerificationMigrate, {
        params: { tenantId },
        query: { lang: input.lang },
        body: input.body,
      }),
    onSuccess: () =>
      queryClient.invalidateQueries({ queryKey: accountKeys.emailStatus(account, tenantId) }),
  });
}
