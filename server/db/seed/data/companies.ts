/** The 30 demo companies (codes 10001…10030) and what each kind of business buys and stores. */

export type CompanyType = 'restaurant' | 'cafe' | 'school' | 'hotel' | 'shop' | 'forestry' | 'care' | 'catering' | 'bar';

/** 'ab' aktiebolag, 'hb' handelsbolag, 'kommun' municipality, 'ek' ekonomisk förening. */
export type LegalForm = 'ab' | 'hb' | 'kommun' | 'ek';

export type CompanyDef = { name: string; type: CompanyType; city: string; form: LegalForm; domain: string };

export const COMPANY_DEFS: CompanyDef[] = [
  { name: 'Brasseriet Östermalm AB', type: 'restaurant', city: 'Stockholm', form: 'ab', domain: 'brasserietostermalm' },
  { name: 'Café Kanelen i Uppsala AB', type: 'cafe', city: 'Uppsala', form: 'ab', domain: 'cafekanelen' },
  { name: 'Hotell Fjällgården AB', type: 'hotel', city: 'Åre', form: 'ab', domain: 'fjallgarden' },
  { name: 'Restaurang Sjöboden HB', type: 'restaurant', city: 'Göteborg', form: 'hb', domain: 'sjoboden' },
  { name: 'Björkskolan, Falu kommun', type: 'school', city: 'Falun', form: 'kommun', domain: 'falun-bjorkskolan' },
  { name: 'Norrskog Entreprenad AB', type: 'forestry', city: 'Umeå', form: 'ab', domain: 'norrskogentreprenad' },
  { name: 'Lanthandeln i Järvsö AB', type: 'shop', city: 'Järvsö', form: 'ab', domain: 'lanthandelnjarvso' },
  { name: 'Pizzeria Bella Napoli i Malmö AB', type: 'restaurant', city: 'Malmö', form: 'ab', domain: 'bellanapoli' },
  { name: 'Ängsgårdens äldreboende, Linköpings kommun', type: 'care', city: 'Linköping', form: 'kommun', domain: 'linkoping-angsgarden' },
  { name: 'Bageriet & Kaffet i Visby AB', type: 'cafe', city: 'Visby', form: 'ab', domain: 'bagerietvisby' },
  { name: 'Bistro Lyktan AB', type: 'restaurant', city: 'Lund', form: 'ab', domain: 'bistrolyktan' },
  { name: 'Strandhotellet i Ystad AB', type: 'hotel', city: 'Ystad', form: 'ab', domain: 'strandhotelletystad' },
  { name: 'Skogsvårdslaget Dalarna ek. för.', type: 'forestry', city: 'Mora', form: 'ek', domain: 'skogsvardslaget' },
  { name: 'Gymnasiekrogen Västerås, Västerås stad', type: 'school', city: 'Västerås', form: 'kommun', domain: 'vasteras-gymnasiekrogen' },
  { name: 'Konferensgården Sundholmen AB', type: 'hotel', city: 'Karlstad', form: 'ab', domain: 'sundholmen' },
  { name: 'Jämtkrogen i Östersund AB', type: 'restaurant', city: 'Östersund', form: 'ab', domain: 'jamtkrogen' },
  { name: 'Café Hjortron AB', type: 'cafe', city: 'Luleå', form: 'ab', domain: 'cafehjortron' },
  { name: 'Fastighetsskötsel Norr AB', type: 'forestry', city: 'Sundsvall', form: 'ab', domain: 'fastighetsskotselnorr' },
  { name: 'Vinbaren Korken AB', type: 'bar', city: 'Göteborg', form: 'ab', domain: 'vinbarenkorken' },
  { name: 'Studentköket i Umeå AB', type: 'catering', city: 'Umeå', form: 'ab', domain: 'studentkoket' },
  { name: 'Gårdsbutiken Österlen AB', type: 'shop', city: 'Simrishamn', form: 'ab', domain: 'gardsbutikenosterlen' },
  { name: 'Sushi Kaito AB', type: 'restaurant', city: 'Stockholm', form: 'ab', domain: 'sushikaito' },
  { name: 'Catering Sörmland AB', type: 'catering', city: 'Eskilstuna', form: 'ab', domain: 'cateringsormland' },
  { name: 'Golfkrogen Hills AB', type: 'restaurant', city: 'Mölndal', form: 'ab', domain: 'golfkrogenhills' },
  { name: 'Lappland Lodge Kiruna AB', type: 'hotel', city: 'Kiruna', form: 'ab', domain: 'lapplandlodge' },
  { name: 'Torghallens Deli AB', type: 'shop', city: 'Norrköping', form: 'ab', domain: 'torghallensdeli' },
  { name: 'Restaurang Gamla Mejeriet AB', type: 'restaurant', city: 'Jönköping', form: 'ab', domain: 'gamlamejeriet' },
  { name: 'Kiosken vid Hamnen HB', type: 'shop', city: 'Kalmar', form: 'hb', domain: 'kioskenvidhamnen' },
  { name: 'Sågverkskantinen Ljusdal AB', type: 'catering', city: 'Ljusdal', form: 'ab', domain: 'sagverkskantinen' },
  { name: 'Nya Krogen Gävle AB', type: 'restaurant', city: 'Gävle', form: 'ab', domain: 'nyakrogengavle' },
];

export type TypeProfile = {
  /** Storage zones; the first three always exist, the rest vary per company. */
  zones: string[];
  /** Share of purchases per top-level category slug. */
  categories: Record<string, number>;
  /** Orders per year. */
  orders: [number, number];
  /** Rows per order. */
  rows: [number, number];
  /** Size of the regular assortment the company buys from. */
  assortment: [number, number];
  noAlcohol?: boolean;
  /** Extra chart accounts beyond the common ones. */
  accounts: string[];
  references: string[];
};

const FOOD_REFS = ['Veckobeställning', 'Helgbeställning', 'Påfyllning', 'Kalla köket', 'Varma köket', 'Extra beställning'];

export const PROFILES: Record<CompanyType, TypeProfile> = {
  restaurant: {
    zones: ['Kylrum', 'Frysrum', 'Torrlager', 'Bar', 'Vinkällare', 'Grönsakskyl', 'Städförråd'],
    categories: { mejeri: 8, 'kott-chark': 9, 'fisk-skaldjur': 7, 'frukt-gront': 9, fryst: 5, 'torrvaror-kolonial': 7, 'brod-bageri': 4, drycker: 8, 'stad-hygien': 3 },
    orders: [70, 110],
    rows: [5, 25],
    assortment: [140, 240],
    accounts: ['1465', '1466', '4020', '4030'],
    references: [...FOOD_REFS, 'Julbord', 'Lunchmeny v.', 'Bröllop lördag', 'Á la carte'],
  },
  cafe: {
    zones: ['Kyl', 'Frys', 'Torrförråd', 'Disk', 'Städförråd'],
    categories: { mejeri: 10, 'kott-chark': 3, 'fisk-skaldjur': 1, 'frukt-gront': 6, fryst: 3, 'torrvaror-kolonial': 7, 'brod-bageri': 10, drycker: 5, 'stad-hygien': 4 },
    orders: [40, 80],
    rows: [3, 15],
    assortment: [70, 130],
    accounts: ['1465', '4020'],
    references: ['Fikabröd', 'Helg', 'Frukost', 'Påfyllning', 'Mackor'],
  },
  school: {
    zones: ['Kylrum', 'Frysrum', 'Torrförråd', 'Mjölkkyl', 'Städförråd'],
    categories: { mejeri: 9, 'kott-chark': 6, 'fisk-skaldjur': 4, 'frukt-gront': 9, fryst: 8, 'torrvaror-kolonial': 8, 'brod-bageri': 5, drycker: 1, 'stad-hygien': 4 },
    orders: [50, 90],
    rows: [6, 25],
    assortment: [100, 180],
    noAlcohol: true,
    accounts: ['5060'],
    references: ['Skollunch v.', 'Mellanmål', 'Specialkost', 'Temadag', 'Fritids'],
  },
  hotel: {
    zones: ['Kylrum', 'Frysrum', 'Torrlager', 'Bar', 'Vinkällare', 'Minibar', 'Frukostbuffé', 'Städförråd'],
    categories: { mejeri: 8, 'kott-chark': 7, 'fisk-skaldjur': 6, 'frukt-gront': 8, fryst: 5, 'torrvaror-kolonial': 7, 'brod-bageri': 6, drycker: 9, 'stad-hygien': 5, 'skog-utemiljo': 0.5 },
    orders: [80, 120],
    rows: [6, 25],
    assortment: [160, 260],
    accounts: ['1465', '1466', '4020', '4030', '5410'],
    references: ['Frukost', 'Konferens', 'Bar', 'Middag', 'Bröllop', 'Påfyllning'],
  },
  shop: {
    zones: ['Butik', 'Lager', 'Kyldisk', 'Frysbox', 'Dryckeslager'],
    categories: { mejeri: 7, 'kott-chark': 5, 'fisk-skaldjur': 3, 'frukt-gront': 6, fryst: 4, 'torrvaror-kolonial': 8, 'brod-bageri': 6, drycker: 6, 'stad-hygien': 4, 'skog-utemiljo': 3 },
    orders: [25, 50],
    rows: [3, 18],
    assortment: [100, 200],
    accounts: ['1465', '4020'],
    references: ['Butikspåfyllning', 'Helgkampanj', 'Lager', 'Beställning'],
  },
  forestry: {
    zones: ['Förråd', 'Verkstad', 'Bränsleförråd', 'Personalrum', 'Kylskåp'],
    categories: { mejeri: 1, 'kott-chark': 1, 'frukt-gront': 1, fryst: 0.5, 'torrvaror-kolonial': 3, 'brod-bageri': 1, drycker: 1, 'stad-hygien': 3, 'skog-utemiljo': 14 },
    orders: [20, 40],
    rows: [3, 12],
    assortment: [40, 80],
    noAlcohol: true,
    accounts: ['5410', '5480', '5611'],
    references: ['Avverkning', 'Röjning', 'Lag 1', 'Lag 2', 'Verkstad', 'Personalrum'],
  },
  care: {
    zones: ['Kylrum', 'Frysrum', 'Torrförråd', 'Avdelningskök', 'Städförråd'],
    categories: { mejeri: 9, 'kott-chark': 6, 'fisk-skaldjur': 4, 'frukt-gront': 8, fryst: 7, 'torrvaror-kolonial': 7, 'brod-bageri': 5, drycker: 1, 'stad-hygien': 6 },
    orders: [50, 90],
    rows: [6, 22],
    assortment: [90, 160],
    noAlcohol: true,
    accounts: ['5060'],
    references: ['Avdelning 1', 'Avdelning 2', 'Storkök', 'Specialkost', 'Helg'],
  },
  catering: {
    zones: ['Kylrum', 'Frysrum', 'Torrlager', 'Packrum', 'Städförråd'],
    categories: { mejeri: 8, 'kott-chark': 9, 'fisk-skaldjur': 6, 'frukt-gront': 9, fryst: 7, 'torrvaror-kolonial': 8, 'brod-bageri': 4, drycker: 2, 'stad-hygien': 4 },
    orders: [60, 110],
    rows: [5, 25],
    assortment: [120, 220],
    accounts: ['1465', '4020'],
    references: ['Lunchlådor', 'Event', 'Personalfest', 'Veckomeny', 'Konferens'],
  },
  bar: {
    zones: ['Bar', 'Vinkällare', 'Kyl', 'Frys', 'Lager'],
    categories: { mejeri: 2, 'kott-chark': 3, 'fisk-skaldjur': 1, 'frukt-gront': 4, fryst: 1, 'torrvaror-kolonial': 3, 'brod-bageri': 1, drycker: 16, 'stad-hygien': 2 },
    orders: [40, 80],
    rows: [4, 18],
    assortment: [80, 150],
    accounts: ['1465', '1466', '4020', '4030'],
    references: ['Barpåfyllning', 'Vinlista', 'Helg', 'Provning'],
  },
};

/** BAS-style accounts: the common ones every company has, then the optional ones. */
export const ACCOUNTS: Record<string, string> = {
  '1460': 'Lager av handelsvaror',
  '1465': 'Lager av drycker',
  '1466': 'Lager av vin och sprit',
  '1467': 'Lager av förbrukningsmaterial',
  '1469': 'Förändring av lager',
  '4010': 'Inköp livsmedel',
  '4020': 'Inköp drycker',
  '4030': 'Inköp alkoholhaltiga drycker',
  '5060': 'Städning och renhållning',
  '5410': 'Förbrukningsinventarier',
  '5460': 'Förbrukningsmaterial',
  '5480': 'Arbetskläder och skyddsmaterial',
  '5611': 'Drivmedel',
};
export const COMMON_ACCOUNTS = ['1460', '1467', '1469', '4010', '5460'];

/** Names of company-own articles ("mina artiklar"): things not bought from the wholesaler. */
export const OWN_ARTICLES: { name: string; price: [number, number]; kind: 'food' | 'drink' | 'nonfood'; zone: 'Kyl' | 'Frys' | 'Torrt' | 'Dryck' | 'Non food' }[] = [
  { name: 'Honung från Gårdsbiodlaren 500 g', price: [60, 90], kind: 'food', zone: 'Torrt' },
  { name: 'Hembakat surdegsbröd', price: [25, 40], kind: 'food', zone: 'Torrt' },
  { name: 'Egen lingonsylt 1 kg', price: [45, 70], kind: 'food', zone: 'Kyl' },
  { name: 'Kaffe från lokalrosteriet 1 kg', price: [180, 260], kind: 'food', zone: 'Torrt' },
  { name: 'Ägg från grannens gård 30 st', price: [70, 100], kind: 'food', zone: 'Kyl' },
  { name: 'Lokalt bryggd öl 33 cl', price: [22, 35], kind: 'drink', zone: 'Dryck' },
  { name: 'Äppelmust från Kivik 75 cl', price: [35, 55], kind: 'drink', zone: 'Dryck' },
  { name: 'Vildsvinskorv från jägarlaget', price: [150, 220], kind: 'food', zone: 'Frys' },
  { name: 'Kantareller plockade', price: [150, 250], kind: 'food', zone: 'Frys' },
  { name: 'Getost från Jämtland', price: [250, 350], kind: 'food', zone: 'Kyl' },
  { name: 'Rökt sik från fiskaren', price: [200, 300], kind: 'food', zone: 'Kyl' },
  { name: 'Ljus blockljus vita', price: [15, 30], kind: 'nonfood', zone: 'Non food' },
  { name: 'Servetter med logotyp', price: [1, 2], kind: 'nonfood', zone: 'Non food' },
  { name: 'Presentkort värde 500 kr', price: [500, 500], kind: 'nonfood', zone: 'Non food' },
  { name: 'Ved till bastun säck', price: [60, 90], kind: 'nonfood', zone: 'Non food' },
];

export const PURCHASE_LIST_NAMES = [
  'Veckobeställning',
  'Helgbeställning',
  'Basvaror',
  'Bar och dryck',
  'Frukost',
  'Kalla köket',
  'Städ och engångs',
  'Fredagsmys',
  'Julbord',
  'Sommarmeny',
];
