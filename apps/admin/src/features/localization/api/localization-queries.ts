import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type {
  CategoryTranslationBody,
  ItemTranslationBody,
  ModifierGroupTranslationBody,
} from '@app/contracts';
import { catalogKeys } from '../../../lib/catalog-queries.ts';
import { localizationApi } from './localization-api.ts';

type Translation<B extends z.ZodType> = { id: string; body: z.input<B> };

// Each answer goes under the editors' keys: a translation saved here shows in any open editor.

export function useTranslateCategory(tenantId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: Translation<typeof CategoryTranslationBody>) =>
      localizationApi.translateCategory(tenantId, id, body),
    onSuccess: (saved) => queryClient.setQueryData(catalogKeys.category(tenantId, saved.id), saved),
  });
}

export function useTranslateItem(tenantId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: Translation<typeof ItemTranslationBody>) =>
      localizationApi.translateItem(tenantId, id, body),
    onSuccess: (saved) => queryClient.setQueryData(catalogKeys.item(tenantId, saved.id), saved),
  });
}

export function useTranslateModifierGroup(tenantId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: Translation<typeof ModifierGroupTranslationBody>) =>
      localizationApi.translateModifierGroup(tenantId, id, body),
    onSuccess: (saved) =>
      queryClient.setQueryData(catalogKeys.modifierGroup(tenantId, saved.id), saved),
  });
}
