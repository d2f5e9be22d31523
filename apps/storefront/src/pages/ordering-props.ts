import type { OrderingTemplate, PublicServiceArea, PublicStorefront } from '@app/contracts';

type Branch = PublicStorefront['branches'][number];

/** What the menu and the checkout of one branch and template are given (ordering.tsx). */
export type OrderingProps = {
  store: PublicStorefront;
  branch: Branch;
  template: OrderingTemplate | 'MENU';
  table?: PublicServiceArea;
  /** The unique link the customer came through; the order records it. */
  uniqueLinkId?: string;
  checkout: boolean;
  menuPath: string;
  checkoutPath: string;
};
