import { useState } from 'react';
import { useFieldArray, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { CatalogItemBody, CatalogItemResponse } from '@app/contracts';
import { useSidePanel } from '../../../components/side-panel.tsx';
import { ValidationError, isApiError } from '../../../lib/api-client.ts';
import { applyServerErrors, issueCode, scrollToFirstInvalid } from '../../../lib/form-errors.ts';
import { useCatalogNotify } from '../../../lib/use-catalog-notify.tsx';
import type { ItemInput } from '../api/catalog-api.ts';
import {
  useCreateItem,
  useDeleteItem,
  useReadBackItem,
  useUpdateItem,
} from '../api/catalog-queries.ts';
import { useCatalogSession } from '../api/use-catalog-session.ts';
import {
  ItemFormSchema,
  itemFieldFor,
  newItemForm,
  toItemBody,
  toItemForm,
} from '../lib/item-form.ts';

/**
 * The item editor's form and what its buttons do: save (and close, or stay in edit mode),
 * delete after confirmation; server refusals shown on their fields.
 */
export function useItemForm({
  sectionId,
  item,
  onKeepEditing,
}: {
  sectionId: string;
  item: CatalogItemResponse | null;
  /** After a create without closing: the editor reopens on the new item. */
  onKeepEditing: (id: string) => void;
}) {
  const { tenantId } = useCatalogSession();
  const panel = useSidePanel();
  const notify = useCatalogNotify();
  const createItem = useCreateItem(tenantId);
  const readBack = useReadBackItem(tenantId);
  const updateItem = useUpdateItem(tenantId);
  const deleteItem = useDeleteItem(tenantId);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const [formError, setFormError] = useState<string | null>(null);
  const adding = item === null;

  const form = useForm<ItemInput, unknown, CatalogItemBody>({
    resolver: zodResolver(ItemFormSchema, { error: issueCode }),
    defaultValues: item ? toItemForm(item) : newItemForm(sectionId),
    mode: 'onTouched',
  });
  const variants = useFieldArray({ control: form.control, name: 'variants', keyName: 'key' });

  const save = (close: boolean) =>
    form.handleSubmit(
      async (body) => {
        setFormError(null);
        try {
          if (adding) {
            const created = await createItem.mutateAsync(toItemBody(body, item));
            notify.created();
            if (close) {
              panel.closePanel();
              return;
            }
            // Edit mode keeps the new id and reads the variants back (their ids) from the server.
            await readBack(created);
            onKeepEditing(created.id);
            return;
          }
          const updated = await updateItem.mutateAsync({
            id: item.id,
            body: toItemBody(body, item),
          });
          notify.updated();
          if (close) panel.closePanel();
          else form.reset(toItemForm(updated));
        } catch (error) {
          if (error instanceof ValidationError) {
            const unplaced = applyServerErrors(error.fieldErrors, form.setError, itemFieldFor);
            if (unplaced.length > 0) setFormError(unplaced.flatMap((e) => e.codes).join(', '));
          }
          notify.saveFailedWithRefresh(error);
        }
      },
      () => scrollToFirstInvalid(),
    )();

  const remove = async () => {
    if (adding) {
      panel.closePanel();
      return;
    }
    try {
      await deleteItem.mutateAsync(item.id);
      notify.deleted();
      setConfirmDelete(false);
      panel.closePanel();
    } catch (error) {
      setConfirmDelete(false);
      if (!isApiError(error, 403)) notify.saveFailed(error);
    }
  };

  return { form, variants, adding, formError, confirmDelete, setConfirmDelete, save, remove };
}
