import { PublicationList } from '../publications/publication-list.js';
import { ContentPageBody } from './page-screen-body.js';
import './texts.js';

/** Spec 2 `/public/about`: the page with slug `about`, and the publications beside or below it. */
export function AboutScreen() {
  return <ContentPageBody slug="about" aside={<PublicationList />} />;
}
