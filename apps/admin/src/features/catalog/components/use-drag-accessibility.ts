import { useMemo } from 'react';
import type { Announcements, ScreenReaderInstructions } from '@dnd-kit/core';
import { useTranslation } from 'react-i18next';

/** dnd-kit's screen-reader texts in the UI language, naming things by their titles. */
export function useDragAccessibility(nameOf: (id: string) => string): {
  announcements: Announcements;
  screenReaderInstructions: ScreenReaderInstructions;
} {
  const { t } = useTranslation('catalog');
  return useMemo(
    () => ({
      screenReaderInstructions: { draggable: t('drag.instructions') },
      announcements: {
        onDragStart: ({ active }) => t('drag.picked', { name: nameOf(String(active.id)) }),
        onDragOver: ({ active, over }) =>
          over
            ? t('drag.over', { name: nameOf(String(active.id)), target: nameOf(String(over.id)) })
            : t('drag.outside', { name: nameOf(String(active.id)) }),
        onDragEnd: ({ active, over }) =>
          over
            ? t('drag.dropped', {
                name: nameOf(String(active.id)),
                target: nameOf(String(over.id)),
              })
            : t('drag.cancelled', { name: nameOf(String(active.id)) }),
        onDragCancel: ({ active }) => t('drag.cancelled', { name: nameOf(String(active.id)) }),
      },
    }),
    [t, nameOf],
  );
}
