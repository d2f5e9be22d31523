/**
 * Every code the server sends in its error envelope (`{ error: { code, message } }`), apart
 * from a 422's field codes: the server's errors take only these (errors.ts), and the admin has
 * a text for each in every language (common:serverErrors, checked by a test), so no server
 * wording reaches a user.
 */
export const ERROR_CODES = [
  // The framework's and the error handler's.
  'bad_request',
  'unauthorized',
  'forbidden',
  'not_found',
  'conflict',
  'validation_failed',
  'payload_too_large',
  'unsupported_media_type',
  'uri_too_long',
  'request_header_fields_too_large',
  'request_timeout',
  'expectation_failed',
  'too_many_requests',
  'internal_error',
  'service_unavailable',
  'upgrade_required',
  // Catalogue and menu.
  'catalog_integrated',
  'view_delivery_focused',
  'unable_to_delete_remove_children',
  'unable_to_delete_remove_from_others',
  'bulk_upload_busy',
  // Discounts.
  'discount_code_tries_exceeded',
  // Tickets, their moves and their payments.
  'status_changed',
  'illegal_transition',
  'same_branch',
  'ticket_closed',
  'ticket_not_accepted',
  'idempotency_key_reused',
  'payment_provider_unavailable',
  'payment_refund_failed',
  'refund_refused',
  'already_refunded',
  'nothing_to_pay',
  'table_bill_changed',
  // Drivers and the third-party delivery outlet.
  'driver_dispatch_active',
  'driver_dispatch_rejected',
  'driver_dispatch_request_failed',
  'driver_dispatch_provider_unavailable',
  'DRIVER_DISPATCH_CANNOT_BE_CANCELLED',
  'outlet_provider_unavailable',
  'outlet_rejected',
  // Point of sale.
  'pos_not_connected',
  'pos_provider_unavailable',
  // Accounts and outlets.
  'tenant_inactive',
  'already_has_tenant',
  'mail_unavailable',
  'email_just_sent',
  'email_in_use',
  'email_already_verified',
  'email_not_legacy',
  'email_already_migrated',
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];
