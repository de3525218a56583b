import { useParams } from 'react-router';
import { ContentPageBody } from './page-screen-body.js';
import './texts.js';

/** Spec 2 `/public/page/{slug}`: a content page rendered from its template. */
export function ContentPageScreen() {
  const { slug = '' } = useParams();
  return <ContentPageBody key={slug} slug={slug} />;
}
