import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  BranchDeliveryZone,
  BranchPaymentMethods,
  BranchProfile,
  BranchProfileBody,
  Branding,
  CheckoutTemplate,
  DeliveryZoneBody,
  OperatingHoursBody,
  PaymentMethodType,
  PaymentTemplate,
  StoreHoursDay,
  TenantNameBody,
} from '@app/contracts';
import {
  branchSettingsApi as api,
  brandingApi,
  type BrandingImageKind,
} from './branch-settings-api.ts';

/** Query keys of the branch settings and branding screens, per tenant. */
export const settingsKeys = {
  all: (tenantId: string) => ['outlet', tenantId, 'settings'] as const,
  branches: (tenantId: string) => [...settingsKeys.all(tenantId), 'branches'] as const,
  branch: (tenantId: string, branchId: string) =>
    [...settingsKeys.all(tenantId), 'branch', branchId] as const,
  profile: (tenantId: string, branchId: string) =>
    [...settingsKeys.branch(tenantId, branchId), 'profile'] as const,
  payments: (tenantId: string, branchId: string, template: PaymentTemplate) =>
    [...settingsKeys.branch(tenantId, branchId), 'payments', template] as const,
  hours: (tenantId: string, branchId: string, template: CheckoutTemplate) =>
    [...settingsKeys.branch(tenantId, branchId), 'hours', template] as const,
  zones: (tenantId: string, branchId: string) =>
    [...settingsKeys.branch(tenantId, branchId), 'zones'] as const,
  deliveryConfig: (tenantId: string, branchId: string) =>
    [...settingsKeys.branch(tenantId, branchId), 'deliveryConfig'] as const,
  branding: (tenantId: string) => [...settingsKeys.all(tenantId), 'branding'] as const,
};

export const branchesQuery = (tenantId: string) =>
  queryOptions({
    queryKey: settingsKeys.branches(tenantId),
    queryFn: ({ signal }) => api.branches(tenantId, { signal }),
  });

export const branchProfileQuery = (tenantId: string, branchId: string) =>
  queryOptions({
    queryKey: settingsKeys.profile(tenantId, branchId),
    queryFn: ({ signal }) => api.profile(tenantId, branchId, { signal }),
  });

export const paymentMethodsQuery = (
  tenantId: string,
  branchId: string,
  template: PaymentTemplate,
) =>
  queryOptions({
    queryKey: settingsKeys.payments(tenantId, branchId, template),
    queryFn: ({ signal }) => api.paymentMethods(tenantId, branchId, template, { signal }),
  });

export const hoursQuery = (tenantId: string, branchId: string, template: CheckoutTemplate) =>
  queryOptions({
    queryKey: settingsKeys.hours(tenantId, branchId, template),
    queryFn: ({ signal }) => api.hours(tenantId, branchId, template, { signal }),
  });

export const zonesQuery = (tenantId: string, branchId: string) =>
  queryOptions({
    queryKey: settingsKeys.zones(tenantId, branchId),
    queryFn: ({ signal }) => api.zones(tenantId, branchId, { signal }),
  });

export const deliveryConfigQuery = (tenantId: string, branchId: string) =>
  queryOptions({
    queryKey: settingsKeys.deliveryConfig(tenantId, branchId),
    queryFn: ({ signal }) => api.deliveryConfig(tenantId, branchId, { signal }),
  });

export const brandingQuery = (tenantId: string) =>
  queryOptions({
    queryKey: settingsKeys.branding(tenantId),
    queryFn: ({ signal }) => brandingApi.get(tenantId, { signal }),
  });

export const useBranches = (tenantId: string) => useQuery(branchesQuery(tenantId));
export const useBranchProfile = (tenantId: string, branchId: string) =>
  useQuery(branchProfileQuery(tenantId, branchId));
export const usePaymentMethods = (tenantId: string, branchId: string, template: PaymentTemplate) =>
  useQuery(paymentMethodsQuery(tenantId, branchId, template));
export const useZones = (tenantId: string, branchId: string) =>
  useQuery(zonesQuery(tenantId, branchId));
export const useDeliveryConfig = (tenantId: string, branchId: string) =>
  useQuery(deliveryConfigQuery(tenantId, branchId));
export const useBranding = (tenantId: string) => useQuery(brandingQuery(tenantId));

export function useSaveBranchProfile(tenantId: string, branchId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: BranchProfileBody) => api.setProfile(tenantId, branchId, body),
    onSuccess: (profile) => {
      queryClient.setQueryData(settingsKeys.profile(tenantId, branchId), profile);
      void queryClient.invalidateQueries({ queryKey: settingsKeys.branches(tenantId) });
    },
  });
}

/**
 * §4.4: the template switch shows its new state at once and goes back to the stored one when
 * the save fails (the caller says so).
 */
export function useSetCheckoutTemplate(tenantId: string, branchId: string) {
  const queryClient = useQueryClient();
  const key = settingsKeys.profile(tenantId, branchId);
  return useMutation({
    mutationFn: (input: { checkoutTemplate: CheckoutTemplate; enabled: boolean }) =>
      api.setTemplate(tenantId, branchId, input),
    onMutate: async ({ checkoutTemplate, enabled }) => {
      await queryClient.cancelQueries({ queryKey: key });
      const before = queryClient.getQueryData<BranchProfile>(key);
      if (before) {
        const others = before.checkoutTemplates.filter((t) => t !== checkoutTemplate);
        queryClient.setQueryData<BranchProfile>(key, {
          ...before,
          checkoutTemplates: enabled ? [...others, checkoutTemplate] : others,
        });
      }
      return { before };
    },
    onError: (_error, _input, context) => {
      if (context?.before) queryClient.setQueryData(key, context.before);
    },
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: key });
      void queryClient.invalidateQueries({ queryKey: settingsKeys.branches(tenantId) });
    },
  });
}

/** §4.4: a payment method switch flips at once and reverts when the server refuses. */
export function useSetPaymentMethod(tenantId: string, branchId: string, template: PaymentTemplate) {
  const queryClient = useQueryClient();
  const key = settingsKeys.payments(tenantId, branchId, template);
  return useMutation({
    mutationFn: (input: { paymentMethodType: PaymentMethodType; active: boolean }) =>
      api.setPaymentMethods(tenantId, branchId, template, {
        serviceAreaId: null,
        paymentMethods: [{ ...input, approved: false }],
      }),
    onMutate: async ({ paymentMethodType, active }) => {
      await queryClient.cancelQueries({ queryKey: key });
      const before = queryClient.getQueryData<BranchPaymentMethods>(key);
      if (before)
        queryClient.setQueryData<BranchPaymentMethods>(key, {
          ...before,
          paymentMethods: before.paymentMethods.map((m) =>
            m.paymentMethodType === paymentMethodType ? { ...m, active } : m,
          ),
        });
      return { before };
    },
    onError: (_error, _input, context) => {
      if (context?.before) queryClient.setQueryData(key, context.before);
    },
    onSuccess: (saved) => queryClient.setQueryData(key, saved),
  });
}

/** §4.4: the PUT's answer replaces the template's hours. */
export function useSaveHours(tenantId: string, branchId: string, template: CheckoutTemplate) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: OperatingHoursBody) => api.setHours(tenantId, branchId, body),
    onSuccess: (days: StoreHoursDay[]) =>
      queryClient.setQueryData(
        settingsKeys.hours(tenantId, branchId, template),
        days.filter((d) => d.checkoutTemplate === template),
      ),
  });
}

/** §4.4: the zone switch saves at once and reverts on failure; the fee dialog saves the fee. */
export function useSetZone(tenantId: string, branchId: string) {
  const queryClient = useQueryClient();
  const key = settingsKeys.zones(tenantId, branchId);
  return useMutation({
    mutationFn: (body: DeliveryZoneBody & { deliveryFee: string }) =>
      api.setZone(tenantId, branchId, body.deliveryZoneId, body),
    onMutate: async (body) => {
      await queryClient.cancelQueries({ queryKey: key });
      const before = queryClient.getQueryData<BranchDeliveryZone[]>(key);
      if (before)
        queryClient.setQueryData<BranchDeliveryZone[]>(
          key,
          before.map((z) =>
            z.deliveryZoneId === body.deliveryZoneId
              ? { ...z, active: body.active, deliveryFee: Number(body.deliveryFee) }
              : z,
          ),
        );
      return { before };
    },
    onError: (_error, _body, context) => {
      if (context?.before) queryClient.setQueryData(key, context.before);
    },
    onSuccess: (saved) =>
      queryClient.setQueryData<BranchDeliveryZone[]>(key, (list) =>
        list?.map((z) => (z.deliveryZoneId === saved.deliveryZoneId ? saved : z)),
      ),
  });
}

function useBrandingWrite<I, R extends Branding>(
  tenantId: string,
  write: (input: I) => Promise<R>,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: write,
    // The branding alone is cached: a save's warnings belong to that save.
    onSuccess: (saved: R & { warnings?: unknown }) => {
      const { warnings: _warnings, ...branding } = saved;
      queryClient.setQueryData<Branding>(settingsKeys.branding(tenantId), branding);
    },
  });
}

export const useSetTheme = (tenantId: string) =>
  useBrandingWrite(tenantId, (primaryHex: string) =>
    brandingApi.setTheme(tenantId, { primaryHex }),
  );

export const useSetBusinessName = (tenantId: string) =>
  useBrandingWrite(tenantId, (body: TenantNameBody) => brandingApi.setName(tenantId, body));

/** §4.4: the store view saves at once and reverts on failure. */
export function useSetStoreView(tenantId: string) {
  const queryClient = useQueryClient();
  const key = settingsKeys.branding(tenantId);
  return useMutation({
    mutationFn: (showSections: boolean) => brandingApi.setView(tenantId, showSections),
    onMutate: async (showSections) => {
      await queryClient.cancelQueries({ queryKey: key });
      const before = queryClient.getQueryData<Branding>(key);
      if (before)
        queryClient.setQueryData<Branding>(key, { ...before, view_ShowSection: showSections });
      return { before };
    },
    onError: (_error, _input, context) => {
      if (context?.before) queryClient.setQueryData(key, context.before);
    },
    onSuccess: (branding) => queryClient.setQueryData(key, branding),
  });
}

const IMAGE_FIELD = {
  banner: 'bannerImageUrl',
  landing: 'landingImageUrl',
  logo: 'logoUrl',
  logoWhite: 'logoWhiteUrl',
} as const;

/** Uploads a branding image; the server stores it in its place at once. */
export function useUploadBrandingImage(tenantId: string, kind: BrandingImageKind) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (image: Blob) =>
      brandingApi.upload(
        tenantId,
        kind,
        image,
        kind === 'logoWhite' ? `${kind}.png` : `${kind}.jpg`,
      ),
    onSuccess: ({ url }) =>
      queryClient.setQueryData<Branding>(settingsKeys.branding(tenantId), (b) =>
        b ? { ...b, [IMAGE_FIELD[kind]]: url } : b,
      ),
  });
}
