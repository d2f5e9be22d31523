import { TICKET_LIMITS, type PublicMenu } from '@app/contracts';
import { Input, Section, Select } from '../../components/form-fields.tsx';
import type { CheckoutForm } from '../../lib/checkout.ts';
import { useI18n } from '../../lib/i18n.tsx';
import { useMoney } from '../../lib/money.ts';

/** A delivery's zone (with its fee) and address lines. */
export function DeliveryAddress({
  menu,
  form,
  set,
  err,
  text,
}: {
  menu: PublicMenu;
  form: CheckoutForm;
  set: <K extends keyof CheckoutForm>(key: K, value: CheckoutForm[K]) => void;
  /** The first error code of a field of the intake's body. */
  err: (field: string) => string | undefined;
  text: (code: string) => string;
}) {
  const { t, l } = useI18n();
  const money = useMoney(menu.currency);
  return (
    <Section title={t('checkout.address')}>
      <Select
        label={t('checkout.zone')}
        value={form.zoneId}
        required
        error={err('deliveryZoneId')}
        onChange={(v) => set('zoneId', v)}
        placeholder={t('checkout.chooseZone')}
        options={menu.deliveryZones.map((z) => ({
          value: z.deliveryZoneId,
          label: `${l(z.localizedTitle)} · ${money(z.deliveryFee)}`,
        }))}
        text={text}
      />
      <Input
        label={t('checkout.address1')}
        value={form.address1}
        required
        autoComplete="address-line1"
        maxLength={TICKET_LIMITS.addressLineMax}
        error={err('shippingAddress.address1') ?? err('shippingAddress')}
        onChange={(v) => set('address1', v)}
        text={text}
      />
      <Input
        label={t('checkout.streetAddress')}
        value={form.streetAddress}
        autoComplete="address-line2"
        maxLength={TICKET_LIMITS.addressLineMax}
        error={err('shippingAddress.streetAddress')}
        onChange={(v) => set('streetAddress', v)}
        text={text}
      />
      <div className="triple">
        {(['building', 'floor', 'apartment'] as const).map((k) => (
          <Input
            key={k}
            label={t(`checkout.${k}`)}
            value={form[k]}
            maxLength={TICKET_LIMITS.addressShortMax}
            error={err(`shippingAddress.${k}`)}
            onChange={(v) => set(k, v)}
            text={text}
          />
        ))}
      </div>
      <Input
        label={t('checkout.directions')}
        value={form.directions}
        multiline
        maxLength={TICKET_LIMITS.instructionsMax}
        error={err('shippingAddress.manualDirections')}
        onChange={(v) => set('directions', v)}
        text={text}
      />
    </Section>
  );
}
