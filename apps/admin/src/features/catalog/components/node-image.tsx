import Box from '@mui/material/Box';
import PhotoOutlinedIcon from '@mui/icons-material/PhotoOutlined';
import { useTranslation } from 'react-i18next';

/** A node's picture at a fixed width and the image type's aspect, or the photo placeholder. */
export function NodeImage({
  src,
  width,
  aspect,
}: {
  src: string | null;
  width: number;
  aspect: number;
}) {
  const { t } = useTranslation('catalog');
  return (
    <Box
      sx={{
        inlineSize: width,
        aspectRatio: String(aspect),
        flexShrink: 0,
        alignSelf: 'flex-start',
        borderRadius: 1,
        overflow: 'hidden',
        bgcolor: 'grey.100',
        color: 'text.disabled',
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'center',
      }}
    >
      {src ? (
        <Box
          component="img"
          src={src}
          alt=""
          loading="lazy"
          sx={{ inlineSize: '100%', blockSize: '100%', objectFit: 'cover' }}
        />
      ) : (
        <PhotoOutlinedIcon titleAccess={t('image.placeholder')} />
      )}
    </Box>
  );
}
