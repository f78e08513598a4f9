/** Non food: städ & hygien, skog & utemiljö. */
import { item, pack, type CategoryNode, type LabelRule } from './types';

const SWAN: LabelRule = { labels: ['Svanen'], p: 0.45 };
const EU_FLOWER: LabelRule = { labels: ['EU Ecolabel'], p: 0.15 };
const FSC: LabelRule = { labels: ['FSC'], p: 0.5 };

const cleaningBrands = ['Rent & Fint', 'Skafferi', 'Proffsstäd', 'Nordisk Hygien', 'Glansverket'];
const forestBrands = ['Skogsproffs', 'Norrland Forest', 'Timmerman', 'Vildmark Utrustning', 'Skafferi'];

export const stadHygien: CategoryNode = {
  slug: 'stad-hygien',
  name: 'Städ & hygien',
  description: 'Rengöring, disk, papper, engångsmaterial och hygienartiklar.',
  children: [
    {
      slug: 'rengoring-disk',
      name: 'Rengöring & disk',
      description: 'Rengöringsmedel, maskindisk och avkalkning.',
      leaf: {
        zone: 'Non food',
        vat: 25,
        packs: [pack('5 l', 5, 'l', 'Dunk', [1, 3]), pack('1 l', 1, 'l', 'Flaska', [1, 6, 12]), pack('10 l', 10, 'l', 'Dunk')],
        brands: cleaningBrands,
        origins: ['Sverige', 'Danmark', 'Tyskland'],
        labels: [SWAN, EU_FLOWER],
        items: [
          item('Allrengöring parfymfri', 25, 40),
          item('Grovrengöring alkalisk', 30, 45),
          item('Sanitetsrengöring sur', 30, 45),
          item('Handdiskmedel', 25, 38),
          item('Maskindiskmedel flytande', 28, 40),
          item('Sköljmedel maskindisk', 35, 50),
          item('Avkalkningsmedel', 40, 60),
          item('Ugnsrengöring', 60, 85, { packs: [pack('750 ml', 0.75, 'l', 'Sprayflaska', [1, 6])] }),
          item('Ytdesinfektion 70 %', 50, 75, { packs: [pack('750 ml', 0.75, 'l', 'Sprayflaska', [1, 6]), pack('5 l', 5, 'l', 'Dunk')] }),
        ],
      },
    },
    {
      slug: 'papper-engangs',
      name: 'Papper & engångsmaterial',
      description: 'Torkpapper, servetter, folie och take away-förpackningar.',
      leaf: {
        zone: 'Non food',
        vat: 25,
        packs: [pack('1 st', 1, 'st', 'Förpackning', [1, 6, 12])],
        brands: cleaningBrands,
        origins: ['Sverige', 'Finland', 'Polen', 'Tyskland'],
        labels: [SWAN, FSC],
        items: [
          item('Torkpapper 2-lager rulle', 28, 40, { packs: [pack('1 rulle', 1, 'st', 'Rulle', [6, 12])] }),
          item('Toalettpapper 2-lager', 4, 7, { packs: [pack('1 rulle', 1, 'st', 'Rulle', [42, 64])] }),
          item('Servett 33×33 cm vit', 0.12, 0.2, { packs: [pack('500 st', 500, 'st', 'Förpackning', [1, 8])] }),
          item('Servett 40×40 cm mörkblå', 0.3, 0.45, { packs: [pack('250 st', 250, 'st', 'Förpackning', [1, 6])] }),
          item('Plastfolie 30 cm × 300 m', 150, 210, { packs: [pack('1 st', 1, 'st', 'Rulle', [1, 6])] }),
          item('Aluminiumfolie 45 cm × 150 m', 260, 340, { packs: [pack('1 st', 1, 'st', 'Rulle', [1, 6])] }),
          item('Bakplåtspapper ark 40×60 cm', 0.6, 0.9, { packs: [pack('500 ark', 500, 'st', 'Kartong', [1])] }),
          item('Take away-låda bagasse 1 000 ml', 1.6, 2.4, { packs: [pack('50 st', 50, 'st', 'Förpackning', [1, 6])] }),
          item('Kaffemugg papper 35 cl', 0.6, 0.9, { packs: [pack('50 st', 50, 'st', 'Förpackning', [1, 20])] }),
          item('Sopsäck 125 l', 3, 4.5, { packs: [pack('10 st', 10, 'st', 'Rulle', [1, 10])] }),
        ],
      },
    },
    {
      slug: 'hygien-skydd',
      name: 'Hygien & skydd',
      description: 'Handtvål, handsprit och engångshandskar.',
      leaf: {
        zone: 'Non food',
        vat: 25,
        packs: [pack('1 l', 1, 'l', 'Refill', [1, 6]), pack('5 l', 5, 'l', 'Dunk')],
        brands: cleaningBrands,
        origins: ['Sverige', 'Danmark', 'Malaysia'],
        labels: [SWAN],
        items: [
          item('Handtvål parfymfri', 40, 60),
          item('Handsprit 80 %', 80, 110, { packs: [pack('600 ml', 0.6, 'l', 'Pumpflaska', [1, 12]), pack('5 l', 5, 'l', 'Dunk')] }),
          item('Handkräm', 120, 160, { packs: [pack('300 ml', 0.3, 'l', 'Pumpflaska', [1, 12])] }),
          item('Engångshandskar nitril M', 0.5, 0.8, { packs: [pack('100 st', 100, 'st', 'Ask', [1, 10])], origins: ['Malaysia', 'Thailand'], labels: [] }),
          item('Engångshandskar nitril L', 0.5, 0.8, { packs: [pack('100 st', 100, 'st', 'Ask', [1, 10])], origins: ['Malaysia', 'Thailand'], labels: [] }),
          item('Förkläde engångs', 0.6, 1, { packs: [pack('100 st', 100, 'st', 'Rulle', [1, 10])], labels: [] }),
          item('Hårnät engångs', 0.3, 0.5, { packs: [pack('100 st', 100, 'st', 'Förpackning', [1, 10])], labels: [] }),
        ],
      },
    },
  ],
};

export const skogUtemiljo: CategoryNode = {
  slug: 'skog-utemiljo',
  name: 'Skog & utemiljö',
  description: 'Motorsågstillbehör, skyddsutrustning, bränsle och utemiljö för skogsbruk och fastighetsskötsel.',
  children: [
    {
      slug: 'motorsag-tillbehor',
      name: 'Motorsåg & tillbehör',
      description: 'Sågkedjor, svärd, kedjeolja och filverktyg.',
      leaf: {
        zone: 'Non food',
        vat: 25,
        packs: [pack('1 st', 1, 'st', 'Förpackning', [1, 5])],
        brands: forestBrands,
        origins: ['Sverige', 'Tyskland', 'USA', 'Japan'],
        items: [
          item('Sågkedja 3/8" 1,3 mm 50 dl', 220, 300),
          item('Sågkedja 3/8" 1,5 mm 60 dl', 260, 340),
          item('Sågkedja .325" 1,5 mm 64 dl', 240, 320),
          item('Sågkedja 1/4" 1,3 mm 60 dl röjsåg', 190, 260),
          item('Svärd 15" 3/8" 1,3 mm', 380, 520),
          item('Svärd 18" .325" 1,5 mm', 430, 580),
          item('Kedjeolja bio', 38, 55, { packs: [pack('5 l', 5, 'l', 'Dunk', [1, 4])], labels: [{ labels: ['Svanen'], p: 0.5 }] }),
          item('Rundfil 4,8 mm', 14, 22, { packs: [pack('1 st', 1, 'st', 'Styck', [1, 12])] }),
          item('Filmall med rundfil', 180, 260),
          item('Sågklinga röjsåg 225 mm', 190, 260),
          item('Tändstift motorsåg', 35, 55),
          item('Luftfilter motorsåg', 90, 140),
        ],
      },
    },
    {
      slug: 'skyddsutrustning',
      name: 'Skyddsutrustning',
      description: 'Handskar, hjälmar, sågskydd och varselkläder.',
      leaf: {
        zone: 'Non food',
        vat: 25,
        packs: [pack('1 st', 1, 'st', 'Styck', [1])],
        brands: forestBrands,
        origins: ['Sverige', 'Finland', 'Vietnam', 'Kina', 'Pakistan'],
        items: [
          item('Arbetshandskar läder stl 10', 70, 110, { packs: [pack('1 par', 1, 'st', 'Par', [1, 12])] }),
          item('Arbetshandskar vinterfodrade stl 10', 110, 160, { packs: [pack('1 par', 1, 'st', 'Par', [1, 12])] }),
          item('Arbetshandskar nitrildoppade stl 9', 30, 50, { packs: [pack('1 par', 1, 'st', 'Par', [1, 12])] }),
          item('Sågskyddshandskar stl 10', 350, 480, { packs: [pack('1 par', 1, 'st', 'Par', [1])] }),
          item('Skogshjälm med visir och hörselskydd', 850, 1200),
          item('Hörselskydd', 280, 420),
          item('Skyddsbyxor klass 1 stl 52', 1400, 1900),
          item('Skyddskängor sågskydd stl 43', 1900, 2600),
          item('Varselväst klass 2', 80, 130),
          item('Regnställ PU', 450, 650),
          item('Skyddsglasögon', 60, 100, { packs: [pack('1 st', 1, 'st', 'Styck', [1, 10])] }),
        ],
      },
    },
    {
      slug: 'bransle-tandning',
      name: 'Bränsle & tändning',
      description: 'Alkylatbensin, tändvätska, grillkol och ved.',
      leaf: {
        zone: 'Non food',
        vat: 25,
        packs: [pack('5 l', 5, 'l', 'Dunk', [1, 4])],
        brands: forestBrands,
        origins: ['Sverige', 'Sverige', 'Polen', 'Estland'],
        items: [
          item('Alkylatbensin 2-takt', 42, 58, { labels: [{ labels: ['Svanen'], p: 0.6 }] }),
          item('Alkylatbensin 4-takt', 40, 55, { labels: [{ labels: ['Svanen'], p: 0.6 }] }),
          item('Tändvätska', 40, 60, { packs: [pack('1 l', 1, 'l', 'Flaska', [1, 12])], labels: [{ labels: ['Svanen'], p: 0.5 }] }),
          item('Grillkol', 18, 28, { packs: [pack('4 kg', 4, 'kg', 'Säck', [1, 5]), pack('10 kg', 10, 'kg', 'Säck')], labels: [FSC] }),
          item('Grillbriketter', 20, 30, { packs: [pack('5 kg', 5, 'kg', 'Säck', [1, 4])], labels: [FSC] }),
          item('Tändpåsar', 1.2, 2, { packs: [pack('24 st', 24, 'st', 'Förpackning', [1, 12])] }),
          item('Tändstickor', 1.5, 2.5, { packs: [pack('10-pack', 10, 'st', 'Förpackning', [1, 20])] }),
          item('Brasved björk', 2.5, 4, { packs: [pack('40 l', 40, 'l', 'Säck', [1, 40])], labels: [FSC] }),
        ],
      },
    },
    {
      slug: 'verktyg-utemiljo',
      name: 'Verktyg & utemiljö',
      description: 'Yxor, spett, skyfflar, presenningar och märkfärg.',
      leaf: {
        zone: 'Non food',
        vat: 25,
        packs: [pack('1 st', 1, 'st', 'Styck', [1, 4])],
        brands: forestBrands,
        origins: ['Sverige', 'Finland', 'Kina', 'Tyskland'],
        items: [
          item('Klyvyxa 1,6 kg', 450, 650),
          item('Fällkil plast', 60, 100),
          item('Brytjärn med vändkrok', 600, 850),
          item('Snöskyffel aluminium', 190, 280),
          item('Strösand 0–4 mm', 2, 3.5, { packs: [pack('25 kg', 25, 'kg', 'Säck', [1, 40])] }),
          item('Presenning 4×6 m', 220, 320),
          item('Märkfärg orange spray', 140, 200, { packs: [pack('500 ml', 0.5, 'l', 'Sprayburk', [1, 12])] }),
          item('Snitselband orange', 20, 35, { packs: [pack('1 rulle', 1, 'st', 'Rulle', [1, 10])] }),
          item('Spännband 5 m', 70, 110, { packs: [pack('1 st', 1, 'st', 'Styck', [1, 10])] }),
          item('Storsäck 1 m³', 120, 180, { packs: [pack('1 st', 1, 'st', 'Styck', [1, 10])] }),
          item('Lövräfsa', 140, 220),
        ],
      },
    },
  ],
};
