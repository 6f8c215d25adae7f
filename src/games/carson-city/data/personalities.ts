/** Personality tiles 0..19 (spec §9.1): English names and the cash limits of each side. */
export type Side = 'YELLOW' | 'RED';

export interface PersonalityData {
  id: number;
  key: string;
  name: string;
  /** Name of the red side when it is a different character (14 Undertaker, 18 Editor). */
  redName?: string;
  cashLimit: Readonly<Record<Side, number>>;
}

const p = (
  id: number,
  key: string,
  name: string,
  yellow: number,
  red: number,
  redName?: string,
): PersonalityData => ({
  id,
  key,
  name,
  cashLimit: { YELLOW: yellow, RED: red },
  ...(redName ? { redName } : {}),
});

export const PERSONALITIES: readonly PersonalityData[] = [
  // Paperboy: $0 / -$5 on the tile; in practice the taken tile's limit (red: minus $5), §7 step 5.
  p(0, 'PAPERBOY', 'Paperboy', 0, -5),
  p(1, 'SHERIFF', 'Sheriff', 20, 20),
  p(2, 'BANKER', 'Banker', 120, 60),
  p(3, 'GROCER', 'Grocer', 60, 60),
  p(4, 'CHINESE_WORKER', 'Chinese Worker', 30, 30),
  p(5, 'SETTLER', 'Settler', 30, 20),
  p(6, 'CAPTAIN', 'Captain', 25, 20),
  p(7, 'MERCENARY', 'Mercenary', 20, 30),
  p(8, 'INDIAN', 'Indian', 20, 30),
  p(9, 'PROSPECTOR', 'Prospector', 20, 20),
  p(10, 'GUNSMITH', 'Gunsmith', 30, 20),
  p(11, 'SINGER', 'Singer', 15, 40),
  p(12, 'AUCTIONEER', 'Auctioneer', 30, 30),
  p(13, 'GOVERNOR', 'Governor', 50, 50),
  p(14, 'DOCTOR', 'Doctor', 60, 90, 'Undertaker'),
  p(15, 'COWBOY', 'Cowboy', 20, 20),
  p(16, 'HEROES', 'Heroes', 240, 40),
  p(17, 'TEACHER', 'Teacher', 60, 60),
  p(18, 'LAWYER', 'Lawyer', 60, 40, 'Editor'),
  p(19, 'SANTA', 'Santa Claus', 10, 10),
];

export const PAPERBOY = 0;
export const SHERIFF = 1;
export const BANKER = 2;
export const GROCER = 3;
export const CHINESE_WORKER = 4;
export const SETTLER = 5;
export const CAPTAIN = 6;
export const MERCENARY = 7;
export const INDIAN = 8;
export const PROSPECTOR = 9;
export const GUNSMITH = 10;
export const SINGER = 11;
export const AUCTIONEER = 12;
export const GOVERNOR = 13;
export const DOCTOR = 14;
export const COWBOY = 15;
export const HEROES = 16;
export const TEACHER = 17;
export const LAWYER = 18;
export const SANTA = 19;

/** A tile in play and its side; EITHER = the holder chooses when taking it (14 in the sets, "YR"). */
export interface TileSpec {
  id: number;
  side: Side | 'EITHER';
}

const t = (spec: string): TileSpec[] =>
  spec.split(' ').map((s) => {
    const m = /^(\d+)(YR|Y|R)$/.exec(s);
    if (!m) throw new Error(`bad tile spec ${s}`);
    return { id: Number(m[1]), side: m[2] === 'Y' ? 'YELLOW' : m[2] === 'R' ? 'RED' : 'EITHER' };
  });

/** The rulebook's suggested sets (§9.3). */
export const PERSONALITY_SETS = {
  FIRST_GAME: t('1Y 2Y 3Y 4Y 5Y 6Y 7Y'),
  QUIET_TOWN: t('1R 2R 5Y 11Y 13Y 14YR 16R'),
  PROSPER: t('0Y 2Y 3Y 4R 6Y 8R 12Y 16Y'),
  HOUSE: t('0Y 3R 4Y 5R 8Y 9Y 12Y 15R'),
  GOLD_RUSH: t('0R 1Y 3Y 5R 8R 9Y 10R 11R'),
  SETTLING_SCORES: t('0R 6R 7Y 9R 10Y 12R 13R 14YR'),
} as const;
export type PersonalitySetName = keyof typeof PERSONALITY_SETS;
