import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';

/** §2.9: the colour the downloaded QR codes are drawn in (default #000000). */
export function QrColorField({
  value,
  onChange,
}: {
  value: string;
  onChange: (color: string) => void;
}) {
  const { t } = useTranslation('serviceAreas');
  return (
    <TextField
      type="color"
      size="small"
      label={t('qr.color')}
      value={value}
      onChange={(event) => onChange(event.target.value)}
      sx={{ inlineSize: 120 }}
      slotProps={{ inputLabel: { shrink: true } }}
    />
  );
}
