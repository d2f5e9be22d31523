import { useState } from 'react';
import { Link as RouterLink, useNavigate, useParams } from 'react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Breadcrumbs from '@mui/material/Breadcrumbs';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import InputAdornment from '@mui/material/InputAdornment';
import Link from '@mui/material/Link';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import SearchIcon from '@mui/icons-material/Search';
import SwapVertIcon from '@mui/icons-material/SwapVert';
import { localize, type TreeNode } from '@app/contracts';
import { useTranslation } from 'react-i18next';
import { BackLink } from '../../../components/back-link.tsx';
import { useSidePanel } from '../../../components/side-panel.tsx';
import { PageTitleBar } from '../../../components/page-header.tsx';
import { useCatalogTree } from '../../../lib/catalog-queries.ts';
import { useCatalogSession } from '../api/use-catalog-session.ts';
import { IntegratedBanner } from '../../../components/integrated-banner.tsx';
import { QueryStatus } from '../../../components/load-error.tsx';
import { OrderPanel } from '../components/order-panel.tsx';
import { PreviewMenuButton } from '../components/preview-menu-button.tsx';
import { ScheduleDialog } from '../components/section-schedule-dialog.tsx';
import { SectionBlock } from '../components/section-block.tsx';
import { searchSection } from '../lib/search.ts';
import { findNode, isSection, sectionPath, sectionsOf, walk } from '../../../lib/catalog-tree.ts';
import { catalogPaths } from '../paths.ts';

/** catalog/v2/categories/{categoryId}: one section with its sub-sections and items (screen 6). */
export function SectionPage() {
  const { t } = useTranslation('catalog');
  const { categoryId = '' } = useParams();
  const session = useCatalogSession();
  const tree = useCatalogTree(session.tenantId);

  return (
    <Stack spacing={2.5} sx={{ maxInlineSize: 1200 }}>
      <Box>
        <BackLink to={catalogPaths.mainSections}>{t('actions.backToSections')}</BackLink>
      </Box>
      <QueryStatus query={tree} />
      {tree.data && <SectionContent key={categoryId} root={tree.data} sectionId={categoryId} />}
    </Stack>
  );
}

function SectionContent({ root, sectionId }: { root: TreeNode; sectionId: string }) {
  const { t } = useTranslation('catalog');
  const session = useCatalogSession();
  const navigate = useNavigate();
  const panel = useSidePanel();
  const [query, setQuery] = useState('');
  const [availability, setAvailability] = useState(false);
  const [schedule, setSchedule] = useState<{ id: string; title: string } | null>(null);
  const section = findNode(root, sectionId);

  if (!section || !isSection(section)) {
    return <Alert severity="warning">{t('section.notFound')}</Alert>;
  }
  const title = localize(section.title, session.lang);
  const path = sectionPath(root, section.id);
  const view = searchSection(section, query, session.lang);
  const subSections = sectionsOf(section);
  const nothingFound = query.trim() !== '' && view.items.length === 0 && view.sections.length === 0;

  return (
    <>
      {path.length > 1 && (
        <Breadcrumbs aria-label={t('section.breadcrumbs')}>
          {path.slice(0, -1).map((ancestor) => (
            <Link key={ancestor.id} component={RouterLink} to={catalogPaths.section(ancestor.id)}>
              {localize(ancestor.title, session.lang)}
            </Link>
          ))}
          <Typography color="text.primary">{title}</Typography>
        </Breadcrumbs>
      )}
      <PageTitleBar title={title}>
        <Stack direction="row" sx={{ gap: 1, flexWrap: 'wrap' }}>
          <SwitchSectionMenu
            root={root}
            currentId={section.id}
            onPick={(id) => navigate(catalogPaths.section(id))}
          />
          <PreviewMenuButton />
        </Stack>
      </PageTitleBar>
      <IntegratedBanner />
      <Stack
        direction={{ xs: 'column', md: 'row' }}
        sx={{ gap: 1.5, alignItems: { md: 'center' } }}
      >
        <TextField
          type="search"
          size="small"
          value={query}
          onChange={(event) => setQuery(event.target.value)}
          placeholder={t('section.searchPlaceholder')}
          sx={{ flexGrow: 1, maxInlineSize: { md: 480 } }}
          slotProps={{
            htmlInput: { 'aria-label': t('section.searchPlaceholder') },
            input: {
              startAdornment: (
                <InputAdornment position="start">
                  <SearchIcon />
                </InputAdornment>
              ),
            },
          }}
        />
        <Stack direction="row" sx={{ gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
          {session.canToggleAvailability && (
            <FormControlLabel
              control={
                <Switch
                  checked={availability}
                  onChange={(_, checked) => setAvailability(checked)}
                />
              }
              label={t('section.availability')}
            />
          )}
          {session.canEdit && (
            <Button
              variant="outlined"
              startIcon={<SwapVertIcon />}
              disabled={subSections.length < 2}
              onClick={() =>
                panel.openPanel(
                  <OrderPanel parentId={section.id} nodes={subSections} kind="sections" />,
                  { title: t('order.sectionsTitle') },
                )
              }
            >
              {t('actions.sortSections')}
            </Button>
          )}
        </Stack>
      </Stack>
      {nothingFound ? (
        <Typography color="text.secondary" role="status">
          {t('section.noMatches', { query: query.trim() })}
        </Typography>
      ) : (
        <SectionBlock
          view={view}
          depth={0}
          availability={availability}
          onSchedule={(id, name) => setSchedule({ id, title: name })}
          onDeleted={(deleted) => {
            if (deleted.id === section.id) {
              navigate(
                section.parentId
                  ? catalogPaths.section(section.parentId)
                  : catalogPaths.mainSections,
              );
            }
          }}
        />
      )}
      {schedule && (
        <ScheduleDialog
          sectionId={schedule.id}
          sectionTitle={schedule.title}
          onClose={() => setSchedule(null)}
        />
      )}
    </>
  );
}

/** The menu to switch section: every section, sub-sections indented under their parents. */
function SwitchSectionMenu({
  root,
  currentId,
  onPick,
}: {
  root: TreeNode;
  currentId: string;
  onPick: (id: string) => void;
}) {
  const { t } = useTranslation('catalog');
  const { lang } = useCatalogSession();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const sections = [...walk(root)].filter(isSection);
  return (
    <>
      <Button
        variant="outlined"
        endIcon={<ExpandMoreIcon />}
        onClick={(event) => setAnchor(event.currentTarget)}
        aria-haspopup="menu"
        aria-expanded={anchor ? 'true' : undefined}
      >
        {t('actions.switchSection')}
      </Button>
      <Menu anchorEl={anchor} open={anchor !== null} onClose={() => setAnchor(null)}>
        {sections.map((section) => (
          <MenuItem
            key={section.id}
            selected={section.id === currentId}
            onClick={() => {
              setAnchor(null);
              onPick(section.id);
            }}
            sx={{ paddingInlineStart: 2 + section.level * 2 }}
          >
            {localize(section.title, lang)}
          </MenuItem>
        ))}
      </Menu>
    </>
  );
}
