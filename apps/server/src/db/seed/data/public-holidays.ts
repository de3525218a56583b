// Public holidays of the partner states for 2026 and 2027: the fixed-date ones, and Good Friday, Easter
// Monday and Ascension (fixed by the Western Easter dates: 5 April 2026, 28 March 2027) where the state
// observes them. Holidays whose date is set each year by announcement (Eid al-Fitr, Eid al-Adha, Maulid)
// are not seeded: staff add them in the holiday table once announced (docs/background-jobs.md, "Deadlines").

export interface HolidaySeed {
  country: string;
  date: string;
  en: string;
  fr: string;
}

type Day = [monthDay: string, en: string, fr: string];

const newYear: Day = ['01-01', "New Year's Day", 'Jour de l’an'];
const labour: Day = ['05-01', 'Labour Day', 'Fête du Travail'];
const christmas: Day = ['12-25', 'Christmas Day', 'Noël'];
const boxing: Day = ['12-26', 'Boxing Day', 'Lendemain de Noël'];
const assumption: Day = ['08-15', 'Assumption Day', 'Assomption'];

/** The same date every year. */
const fixed: Record<string, Day[]> = {
  KE: [
    newYear,
    labour,
    ['06-01', 'Madaraka Day', 'Fête de Madaraka'],
    ['10-10', 'Mazingira Day', 'Journée de Mazingira'],
    ['10-20', 'Mashujaa Day', 'Fête des héros (Mashujaa)'],
    ['12-12', 'Jamhuri Day', 'Fête de la République (Jamhuri)'],
    christmas,
    boxing,
  ],
  TZ: [
    newYear,
    ['01-12', 'Zanzibar Revolution Day', 'Anniversaire de la révolution de Zanzibar'],
    ['04-07', 'Karume Day', 'Journée Karume'],
    ['04-26', 'Union Day', "Fête de l'Union"],
    labour,
    ['07-07', 'Saba Saba Day', 'Journée Saba Saba'],
    ['08-08', 'Nane Nane (Farmers’ Day)', 'Nane Nane (Journée des paysans)'],
    ['10-14', 'Nyerere Day', 'Journée Nyerere'],
    ['12-09', 'Independence Day', "Fête de l'indépendance"],
    christmas,
    boxing,
  ],
  UG: [
    newYear,
    ['01-26', 'Liberation Day', 'Fête de la Libération'],
    ['02-16', 'Archbishop Janani Luwum Day', "Journée de l'archevêque Janani Luwum"],
    ['03-08', "International Women's Day", 'Journée internationale des femmes'],
    labour,
    ['06-03', "Martyrs' Day", 'Journée des Martyrs'],
    ['06-09', "National Heroes' Day", 'Journée des héros nationaux'],
    ['10-09', 'Independence Day', "Fête de l'indépendance"],
    christmas,
    boxing,
  ],
  RW: [
    newYear,
    ['01-02', 'Day after New Year’s Day', 'Lendemain du jour de l’an'],
    ['02-01', "National Heroes' Day", 'Journée des héros nationaux'],
    [
      '04-07',
      'Genocide against the Tutsi Memorial Day',
      'Journée de commémoration du génocide contre les Tutsi',
    ],
    labour,
    ['07-01', 'Independence Day', "Fête de l'indépendance"],
    ['07-04', 'Liberation Day', 'Fête de la Libération'],
    assumption,
    christmas,
    boxing,
  ],
  BI: [
    newYear,
    ['02-05', 'Unity Day', "Fête de l'Unité"],
    ['04-06', 'President Ntaryamira Day', 'Journée du président Ntaryamira'],
    labour,
    ['07-01', 'Independence Day', "Fête de l'indépendance"],
    assumption,
    ['10-13', 'Prince Louis Rwagasore Day', 'Journée du prince Louis Rwagasore'],
    ['10-21', 'President Ndadaye Day', 'Journée du président Ndadaye'],
    ['11-01', "All Saints' Day", 'Toussaint'],
    christmas,
  ],
  CD: [
    newYear,
    ['01-04', 'Martyrs of Independence Day', "Journée des martyrs de l'indépendance"],
    ['01-16', 'Laurent-Désiré Kabila Day', 'Journée de Laurent-Désiré Kabila'],
    ['01-17', 'Patrice Emery Lumumba Day', 'Journée de Patrice Emery Lumumba'],
    labour,
    ['05-17', 'Liberation Day', 'Fête de la Libération'],
    ['06-30', 'Independence Day', "Fête de l'indépendance"],
    ['08-01', "Parents' Day", 'Fête des parents'],
    christmas,
  ],
  SS: [
    newYear,
    ['01-09', 'Peace Agreement Day', "Journée de l'accord de paix"],
    ['05-16', 'SPLA Day', 'Journée de la SPLA'],
    ['07-09', 'Independence Day', "Fête de l'indépendance"],
    ['07-30', "Martyrs' Day", 'Journée des martyrs'],
    christmas,
  ],
  SO: [
    newYear,
    labour,
    ['06-26', 'Independence Day (Northern Regions)', "Fête de l'indépendance (régions du Nord)"],
    ['07-01', 'Independence and Union Day', "Fête de l'indépendance et de l'Union"],
  ],
};

/** Holidays tied to Easter, by year. */
const easter: Record<number, { goodFriday: string; easterMonday: string; ascension: string }> = {
  2026: { goodFriday: '04-03', easterMonday: '04-06', ascension: '05-14' },
  2027: { goodFriday: '03-26', easterMonday: '03-29', ascension: '05-06' },
};
const goodFriday = ['KE', 'TZ', 'UG', 'RW'];
const easterMonday = ['KE', 'TZ', 'UG'];
const ascension = ['BI'];

/** The seeded holidays of `years` for each partner state. */
export function partnerStateHolidays(years: readonly number[] = [2026, 2027]): HolidaySeed[] {
  const list: HolidaySeed[] = [];
  for (const year of years) {
    for (const [country, days] of Object.entries(fixed))
      for (const [monthDay, en, fr] of days) list.push({ country, date: `${year}-${monthDay}`, en, fr });
    const movable = easter[year];
    if (!movable) continue;
    for (const country of goodFriday)
      list.push({ country, date: `${year}-${movable.goodFriday}`, en: 'Good Friday', fr: 'Vendredi saint' });
    for (const country of easterMonday)
      list.push({
        country,
        date: `${year}-${movable.easterMonday}`,
        en: 'Easter Monday',
        fr: 'Lundi de Pâques',
      });
    for (const country of ascension)
      list.push({ country, date: `${year}-${movable.ascension}`, en: 'Ascension Day', fr: 'Ascension' });
  }
  // Rwanda's Umuganura (harvest) Day: the first Friday of August.
  for (const year of years) {
    const first = new Date(Date.UTC(year, 7, 1));
    const friday = 1 + ((5 - first.getUTCDay() + 7) % 7);
    list.push({
      country: 'RW',
      date: `${year}-08-${String(friday).padStart(2, '0')}`,
      en: 'Umuganura Day',
      fr: "Fête de l'Umuganura",
    });
  }
  return list;
}
