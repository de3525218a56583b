import { useParams } from 'react-router';
import { useAppData } from '../../session/app-data.js';
import './texts.js';
import { ComplaintDetailScreen } from './complaint-detail-screen.js';
import { ComplaintFormScreen } from './complaint-form-screen.js';

/** `/public/complaints/{slug?}` (spec 2): the complaint form without a slug, the complaint's detail with one. */
export function ComplaintScreen() {
  const { slug } = useParams();
  const sessionChecked = useAppData((state) => state.sessionChecked);
  if (!sessionChecked) return null;
  return slug ? <ComplaintDetailScreen key={slug} slug={slug} /> : <ComplaintFormScreen />;
}
