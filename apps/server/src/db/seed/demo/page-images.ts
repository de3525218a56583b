// Demo pictures of the About Us page: a banner and three slides, drawn as SVG (no image library needed)
// and kept in the file store like uploaded pictures.

import { eq } from 'drizzle-orm';
import type { Executor } from '../../client.js';
import { pages, pageTemplates, pageTemplateSlides } from '../../schema/index.js';
import type { FileStorage } from '../../../storage/storage.js';

interface Scene {
  sky: [string, string];
  hills: [string, string, string];
  sun: string;
  skyline?: boolean;
}

/** A landscape: sky, sun, three rows of hills and, optionally, a town on the horizon. */
function landscape(scene: Scene, width = 1600, height = 600): string {
  const town = scene.skyline
    ? Array.from({ length: 14 }, (_, i) => {
        const w = 40 + ((i * 37) % 50);
        const h = 60 + ((i * 53) % 140);
        const x = 520 + i * 52;
        return `<rect x="${x}" y="${400 - h}" width="${w}" height="${h}" fill="${scene.hills[0]}" opacity="0.8"/>`;
      }).join('')
    : '';
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">
<defs><linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${scene.sky[0]}"/><stop offset="1" stop-color="${scene.sky[1]}"/></linearGradient></defs>
<rect width="${width}" height="${height}" fill="url(#sky)"/>
<circle cx="${width * 0.78}" cy="${height * 0.3}" r="70" fill="${scene.sun}" opacity="0.9"/>
${town}
<path d="M0 420 C 300 330, 600 460, 900 380 S 1400 330, 1600 400 L1600 600 L0 600 Z" fill="${scene.hills[0]}"/>
<path d="M0 480 C 250 420, 650 520, 1000 450 S 1450 430, 1600 470 L1600 600 L0 600 Z" fill="${scene.hills[1]}"/>
<path d="M0 540 C 400 500, 800 580, 1200 530 S 1500 520, 1600 540 L1600 600 L0 600 Z" fill="${scene.hills[2]}"/>
</svg>`;
}

const banner: Scene = {
  sky: ['#0d2b52', '#2f6fa8'],
  hills: ['#1d4a3a', '#173d30', '#0f2e24'],
  sun: '#f2b33d',
  skyline: true,
};

const slides: { scene: Scene; captionEn: string; captionFr: string }[] = [
  {
    scene: { sky: ['#f6c48b', '#f9e3c2'], hills: ['#b86b3c', '#8f4f2b', '#6b3920'], sun: '#fff4d6' },
    captionEn: 'Services move across the partner states every day: transport, finance, professions.',
    captionFr:
      'Les services circulent chaque jour entre les États partenaires : transport, finance, professions.',
  },
  {
    scene: {
      sky: ['#8fd0e8', '#dff2f9'],
      hills: ['#4b8f5a', '#357345', '#245a33'],
      sun: '#fffbe6',
      skyline: true,
    },
    captionEn: 'The portal records the measures that still restrict this trade.',
    captionFr: 'Le portail recense les mesures qui restreignent encore ce commerce.',
  },
  {
    scene: { sky: ['#3b2a5c', '#c46b6b'], hills: ['#2c3e50', '#22313f', '#17222c'], sun: '#ffd27a' },
    captionEn: 'Traders report barriers online or by SMS, and follow their review.',
    captionFr: 'Les opérateurs signalent les obstacles en ligne ou par SMS et suivent leur examen.',
  },
];

/** Gives the About Us template a banner, three slides and the layout with a side column. */
export async function seedPageImages(tx: Executor, storage: FileStorage): Promise<Record<string, number>> {
  const [about] = await tx
    .select({ templateId: pages.templateId })
    .from(pages)
    .where(eq(pages.slug, 'about'));
  if (!about) return { page_template_slides: 0 };
  const bannerKey = await storage.put('banners', Buffer.from(landscape(banner)), 'svg');
  await tx
    .update(pageTemplates)
    .set({ bannerKey, layout: 'sidebar' })
    .where(eq(pageTemplates.id, about.templateId));
  const rows = [];
  for (const [index, slide] of slides.entries())
    rows.push({
      templateId: about.templateId,
      imageKey: await storage.put('slides', Buffer.from(landscape(slide.scene)), 'svg'),
      captionEn: slide.captionEn,
      captionFr: slide.captionFr,
      sortOrder: index + 1,
    });
  await tx.insert(pageTemplateSlides).values(rows);
  return { page_template_slides: rows.length };
}
