import Archive from '@mui/icons-material/ArchiveOutlined';
import DeleteForever from '@mui/icons-material/DeleteForeverOutlined';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { checkPermission, complaintApiPaths, type TComplaintDetail } from '@stp/shared';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { api } from '../../api/api.js';
import { queryClient } from '../../api/query.js';
import { confirmThenAct, showSuccess } from '../../components/dialogs/dialogs.js';
import { useSession } from '../../session/session.js';
import { unlessConflict } from './review-form.js';

/** Archive (irreversible) and Purge (superusers), each behind the confirm dialog; shown only when allowed. */
export function RecordActions(props: { complaint: TComplaintDetail; reload: () => Promise<unknown> }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const user = useSession((state) => state.user);
  const { complaint } = props;
  const mayPurge = complaint.can_purge && checkPermission(user, { superuser: true });
  if (!complaint.can_archive && !mayPurge) return null;

  const archive = () =>
    confirmThenAct(
      t('manageComplaints.actions.archiveTitle'),
      t('manageComplaints.actions.archiveText'),
      () =>
        unlessConflict(
          async () => {
            const answer = await api.request(complaintApiPaths.archive(complaint.id), {
              method: 'POST',
              body: { version: complaint.version },
            });
            if (answer === undefined) return;
            await props.reload();
            showSuccess(t('manageComplaints.actions.archived'));
          },
          props.reload,
          t('manageComplaints.review.conflictTitle'),
          t('manageComplaints.review.conflict'),
        ),
    ).catch(() => undefined);

  const purge = () =>
    confirmThenAct(
      t('manageComplaints.actions.purgeTitle'),
      t('manageComplaints.actions.purgeText'),
      async () => {
        await api.request(complaintApiPaths.manageDetail(complaint.id), { method: 'DELETE' });
        await navigate('/auth/manage/complaints?tab=all', { replace: true });
        queryClient.removeQueries({ queryKey: [complaintApiPaths.manageDetail(complaint.id)] });
        void queryClient.invalidateQueries();
        showSuccess(t('manageComplaints.actions.purged'));
      },
    ).catch(() => undefined);

  return (
    <Stack direction="row" spacing={1.5} sx={{ flexWrap: 'wrap', gap: 1 }} data-testid="record-actions">
      {complaint.can_archive && (
        <Button
          variant="outlined"
          color="warning"
          startIcon={<Archive aria-hidden />}
          onClick={() => void archive()}
          data-testid="archive"
        >
          {t('manageComplaints.actions.archive')}
        </Button>
      )}
      {mayPurge && (
        <Button
          variant="outlined"
          color="error"
          startIcon={<DeleteForever aria-hidden />}
          onClick={() => void purge()}
          data-testid="purge"
        >
          {t('manageComplaints.actions.purge')}
        </Button>
      )}
    </Stack>
  );
}
