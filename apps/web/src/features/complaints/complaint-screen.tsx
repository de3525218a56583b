import { useParams } from 'react-router';
import { useAppData } from '../../session/app-data.js';
import './texts.js';
import { ComplaintDetailScreen } from './complaint-detail-screen.js';
import { ComplaintFormScreen } from './complaint-form-screen.js';
import { PublicComplaintView } from './public-complaint-view.js';

/** A complaint's private address holds its slug (a UUID); its public one, its reference. */
const privateSlug = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * `/public/complaints/{slug?}` (spec 2): the complaint form without a slug; with one, the complaint's
 * page for its applicant and reviewers (a UUID slug), or its public view (a reference, from the public list).
 */
export function ComplaintScreen() {
  const { slug } = useParams();
  const sessionChecked = useAppData((state) => state.sessionChecked);
  // The public view needs no session: it is rendered on the server too.
  if (slug && !privateSlug.test(slug)) return <PublicComplaintView key={slug} reference={slug} />;
  if (!sessionChecked) return null;
  return slug ? <ComplaintDetailScreen key={slug} slug={slug} /> : <ComplaintFormScreen />;
}
