/**
 * The simple drawings of the demo catalogue's product families: one function per shape, drawing on a 600 × 600
 * canvas in two colours (the family's main colour and its accent), so that one shape serves several families (red
 * and white wine). Flat shapes with a dark outline read at 80 px on a phone and at 600 px on the product page.
 */

export type Colours = { main: string; accent: string };
type Draw = (c: Colours) => string;

const INK = '#1f2937';
const line = `stroke="${INK}" stroke-width="10" stroke-linejoin="round" stroke-linecap="round"`;

export const SHAPES = {
  /** A gable-top carton: milk, cream, juice. */
  carton: ({ main, accent }) =>
    `<path d="M210 190 L300 120 L390 190 V500 H210 Z" fill="${main}" ${line}/>` +
    `<path d="M210 190 H390" fill="none" ${line}/><rect x="240" y="290" width="120" height="110" rx="14" fill="${accent}" ${line}/>`,
  /** A wedge of cheese with holes. */
  wedge: ({ main, accent }) =>
    `<path d="M110 420 L470 240 L490 420 Z" fill="${main}" ${line}/><path d="M110 420 L490 420 L490 470 L110 470 Z" fill="${accent}" ${line}/>` +
    `<circle cx="390" cy="360" r="26" fill="${accent}"/><circle cx="300" cy="390" r="16" fill="${accent}"/><circle cx="440" cy="310" r="14" fill="${accent}"/>`,
  /** A block in its wrapper: butter, margarine. */
  block: ({ main, accent }) =>
    `<path d="M120 300 L260 230 L480 290 L340 360 Z" fill="${accent}" ${line}/><path d="M120 300 L340 360 V450 L120 390 Z" fill="${main}" ${line}/>` +
    `<path d="M340 360 L480 290 V380 L340 450 Z" fill="${main}" ${line}/>`,
  /** A cup with a lid: yoghurt, quark, ice cream tubs. */
  cup: ({ main, accent }) =>
    `<path d="M180 220 H420 L390 470 H210 Z" fill="${main}" ${line}/><rect x="165" y="190" width="270" height="40" rx="12" fill="${accent}" ${line}/>`,
  /** Eggs. */
  eggs: ({ main, accent }) =>
    `<ellipse cx="240" cy="330" rx="85" ry="115" fill="${main}" ${line}/><ellipse cx="370" cy="350" rx="80" ry="105" fill="${accent}" ${line}/>`,
  /** A cut of meat with its bone. */
  steak: ({ main, accent }) =>
    `<path d="M130 320 C130 190 300 160 420 210 C520 250 500 420 380 440 C260 460 130 430 130 320 Z" fill="${main}" ${line}/>` +
    `<circle cx="370" cy="300" r="40" fill="${accent}" ${line}/><path d="M190 330 C240 300 280 360 330 340" fill="none" stroke="${accent}" stroke-width="14" stroke-linecap="round"/>`,
  /** A drumstick: poultry. */
  drumstick: ({ main, accent }) =>
    `<path d="M330 140 C450 140 480 290 400 340 C360 365 320 360 300 350 L230 420 C250 450 220 490 190 470 C170 500 120 470 140 440 C110 420 140 380 170 400 L240 330 C220 290 230 140 330 140 Z" fill="${main}" ${line}/>` +
    `<circle cx="165" cy="455" r="22" fill="${accent}" ${line}/>`,
  /** A sausage ring and a slice: charcuterie. */
  sausage: ({ main, accent }) =>
    `<path d="M140 380 C140 220 460 220 460 380" fill="none" stroke="${INK}" stroke-width="96" stroke-linecap="round"/>` +
    `<path d="M140 380 C140 220 460 220 460 380" fill="none" stroke="${main}" stroke-width="76" stroke-linecap="round"/>` +
    `<circle cx="300" cy="450" r="60" fill="${accent}" ${line}/><circle cx="285" cy="440" r="8" fill="${main}"/><circle cx="318" cy="462" r="8" fill="${main}"/>`,
  /** A fish. */
  fish: ({ main, accent }) =>
    `<path d="M110 300 C190 190 360 190 430 300 C360 410 190 410 110 300 Z" fill="${main}" ${line}/>` +
    `<path d="M430 300 L510 230 V370 Z" fill="${accent}" ${line}/><circle cx="180" cy="285" r="12" fill="${INK}"/>` +
    `<path d="M260 250 C290 280 290 320 260 350" fill="none" stroke="${accent}" stroke-width="12" stroke-linecap="round"/>`,
  /** A shrimp. */
  shrimp: ({ main, accent }) =>
    `<path d="M420 200 C520 300 430 470 290 460 C200 455 150 400 170 350 L240 370 C250 400 300 410 340 390 C400 360 410 280 360 240 Z" fill="${main}" ${line}/>` +
    `<path d="M170 350 L120 300 L200 320 Z" fill="${accent}" ${line}/><path d="M420 200 L470 130 M400 210 L430 120" fill="none" ${line}/>`,
  /** A round fruit with a leaf. */
  fruit: ({ main, accent }) =>
    `<circle cx="300" cy="340" r="150" fill="${main}" ${line}/><path d="M300 190 V140" fill="none" ${line}/>` +
    `<path d="M305 170 C340 120 410 120 430 150 C390 190 340 190 305 170 Z" fill="${accent}" ${line}/>`,
  /** A cluster of berries. */
  berries: ({ main, accent }) =>
    `<circle cx="240" cy="360" r="70" fill="${main}" ${line}/><circle cx="360" cy="360" r="70" fill="${main}" ${line}/>` +
    `<circle cx="300" cy="270" r="70" fill="${main}" ${line}/><path d="M300 200 C280 160 320 130 360 140" fill="none" stroke="${accent}" stroke-width="18" stroke-linecap="round"/>`,
  /** A root with its tops: carrots, potatoes, vegetables. */
  root: ({ main, accent }) =>
    `<path d="M220 220 C260 200 360 200 390 220 C400 300 330 440 300 500 C270 440 200 300 220 220 Z" fill="${main}" ${line}/>` +
    `<path d="M300 210 C270 150 240 130 220 110 M300 210 C300 150 310 120 320 90 M300 210 C330 160 370 140 390 120" fill="none" stroke="${accent}" stroke-width="22" stroke-linecap="round"/>`,
  /** A tuber: potatoes. */
  tuber: ({ main, accent }) =>
    `<path d="M140 320 C130 220 260 190 340 210 C460 230 480 330 430 390 C380 450 170 440 140 320 Z" fill="${main}" ${line}/>` +
    `<circle cx="250" cy="290" r="9" fill="${accent}"/><circle cx="370" cy="330" r="9" fill="${accent}"/><circle cx="300" cy="380" r="9" fill="${accent}"/>`,
  /** A sprig of herbs. */
  sprig: ({ main, accent }) =>
    `<path d="M300 500 V160" fill="none" stroke="${accent}" stroke-width="16" stroke-linecap="round"/>` +
    [200, 280, 360]
      .map(
        (y) =>
          `<path d="M300 ${y} C240 ${y - 60} 180 ${y - 40} 170 ${y} C210 ${y + 30} 260 ${y + 20} 300 ${y} Z" fill="${main}" ${line}/>` +
          `<path d="M300 ${y + 30} C360 ${y - 30} 420 ${y - 10} 430 ${y + 30} C390 ${y + 60} 340 ${y + 50} 300 ${y + 30} Z" fill="${main}" ${line}/>`,
      )
      .join(''),
  /** A frozen bag with a snowflake. */
  frozen: ({ main, accent }) =>
    `<path d="M170 150 H430 L410 480 H190 Z" fill="${main}" ${line}/>` +
    `<path d="M300 250 V390 M240 285 L360 355 M360 285 L240 355" fill="none" stroke="${accent}" stroke-width="18" stroke-linecap="round"/>`,
  /** An ice cream cone. */
  cone: ({ main, accent }) =>
    `<path d="M220 300 L300 500 L380 300 Z" fill="${accent}" ${line}/><circle cx="300" cy="250" r="95" fill="${main}" ${line}/>`,
  /** A paper sack: flour, sugar, grains. */
  sack: ({ main, accent }) =>
    `<path d="M180 170 L420 170 L440 490 H160 Z" fill="${main}" ${line}/><path d="M180 170 L210 130 H390 L420 170" fill="${main}" ${line}/>` +
    `<circle cx="300" cy="330" r="70" fill="${accent}" ${line}/>`,
  /** Pasta: a bundle of spaghetti beside a penne. */
  pasta: ({ main, accent }) =>
    `<path d="M200 480 L280 130 M230 480 L300 130 M260 480 L320 130 M290 480 L340 130" fill="none" stroke="${main}" stroke-width="16" stroke-linecap="round"/>` +
    `<rect x="190" y="330" width="160" height="50" rx="10" fill="${accent}" ${line}/><path d="M380 420 L450 300 L500 330 L430 450 Z" fill="${main}" ${line}/>`,
  /** A tin can. */
  can: ({ main, accent }) =>
    `<rect x="190" y="170" width="220" height="300" rx="20" fill="${main}" ${line}/><ellipse cx="300" cy="170" rx="110" ry="30" fill="${accent}" ${line}/>` +
    `<rect x="190" y="260" width="220" height="110" fill="${accent}" ${line}/>`,
  /** A spice jar. */
  jar: ({ main, accent }) =>
    `<rect x="210" y="230" width="180" height="250" rx="30" fill="${main}" ${line}/><rect x="200" y="160" width="200" height="70" rx="12" fill="${accent}" ${line}/>` +
    `<rect x="240" y="310" width="120" height="90" rx="10" fill="#ffffff" ${line}/>`,
  /** A tall bottle: oil, vinegar, spirits. */
  bottle: ({ main, accent }) =>
    `<path d="M270 110 H330 V210 C390 240 400 280 400 330 V490 H200 V330 C200 280 210 240 270 210 Z" fill="${main}" ${line}/>` +
    `<rect x="262" y="90" width="76" height="40" rx="8" fill="${accent}" ${line}/><rect x="220" y="340" width="160" height="100" rx="10" fill="${accent}" ${line}/>`,
  /** A wine bottle with a long neck and a glass. */
  wine: ({ main, accent }) =>
    `<path d="M200 90 H240 V220 C280 240 290 270 290 300 V500 H150 V300 C150 270 160 240 200 220 Z" fill="${main}" ${line}/>` +
    `<rect x="165" y="340" width="110" height="80" rx="8" fill="#ffffff" ${line}/>` +
    `<path d="M360 250 H480 C480 330 450 360 420 360 C390 360 360 330 360 250 Z" fill="${accent}" ${line}/><path d="M420 360 V470 M380 470 H460" fill="none" ${line}/>`,
  /** A beer bottle beside a glass with foam. */
  beer: ({ main, accent }) =>
    `<path d="M180 130 H220 V230 C260 250 265 280 265 300 V490 H135 V300 C135 280 140 250 180 230 Z" fill="${main}" ${line}/>` +
    `<rect x="150" y="340" width="100" height="80" rx="8" fill="#ffffff" ${line}/>` +
    `<path d="M330 250 H470 L450 490 H350 Z" fill="${accent}" ${line}/><path d="M320 255 C320 200 480 200 480 255 Z" fill="#ffffff" ${line}/>`,
  /** A cup on its saucer with steam: coffee, tea. */
  cup_steam: ({ main, accent }) =>
    `<path d="M170 280 H400 V350 C400 420 350 460 285 460 C220 460 170 420 170 350 Z" fill="${main}" ${line}/>` +
    `<path d="M400 300 C470 300 470 390 395 390" fill="none" ${line}/><ellipse cx="285" cy="480" rx="160" ry="24" fill="${accent}" ${line}/>` +
    `<path d="M240 240 C220 210 260 190 240 150 M300 240 C280 210 320 190 300 150" fill="none" stroke="${accent}" stroke-width="14" stroke-linecap="round"/>`,
  /** A bag of snacks. */
  snack: ({ main, accent }) =>
    `<path d="M180 150 L420 150 C400 300 400 350 420 470 H180 C200 350 200 300 180 150 Z" fill="${main}" ${line}/>` +
    `<path d="M180 150 L200 170 L220 150 L240 170 L260 150 L280 170 L300 150 L320 170 L340 150 L360 170 L380 150 L400 170 L420 150" fill="none" ${line}/>` +
    `<circle cx="300" cy="320" r="62" fill="${accent}" ${line}/>`,
  /** A loaf of bread. */
  loaf: ({ main, accent }) =>
    `<path d="M120 420 V300 C120 210 200 180 300 180 C400 180 480 210 480 300 V420 Z" fill="${main}" ${line}/>` +
    `<path d="M220 230 L250 300 M300 220 L330 290 M380 230 L410 300" fill="none" stroke="${accent}" stroke-width="16" stroke-linecap="round"/>`,
  /** A bun with a swirl: pastries. */
  bun: ({ main, accent }) =>
    `<ellipse cx="300" cy="330" rx="180" ry="130" fill="${main}" ${line}/>` +
    `<path d="M300 330 C330 330 330 290 300 290 C250 290 250 370 300 370 C370 370 370 250 300 250 C210 250 210 410 300 410" fill="none" stroke="${accent}" stroke-width="16" stroke-linecap="round"/>`,
  /** A spray bottle: cleaning. */
  spray: ({ main, accent }) =>
    `<path d="M220 260 H380 L400 490 H200 Z" fill="${main}" ${line}/><path d="M250 260 V200 H350 V260" fill="${accent}" ${line}/>` +
    `<path d="M250 200 V160 H380 L420 190 H350 V200" fill="${accent}" ${line}/><rect x="240" y="330" width="120" height="90" rx="10" fill="#ffffff" ${line}/>`,
  /** A roll of paper. */
  roll: ({ main, accent }) =>
    `<path d="M160 220 H400 V430 H160 Z" fill="${main}" ${line}/><ellipse cx="160" cy="325" rx="45" ry="105" fill="${main}" ${line}/>` +
    `<ellipse cx="160" cy="325" rx="16" ry="40" fill="${accent}" ${line}/><path d="M400 430 L470 480 V300 L400 220" fill="${main}" ${line}/>`,
  /** A glove. */
  glove: ({ main, accent }) =>
    `<path d="M210 480 V300 L170 220 C160 190 200 175 215 200 L240 250 V140 C240 110 280 110 280 140 V240 V120 C280 90 320 90 320 120 V240 V135 C320 105 360 105 360 135 V250 V175 C360 145 400 145 400 175 V360 C400 420 380 450 380 480 Z" fill="${main}" ${line}/>` +
    `<rect x="200" y="450" width="190" height="50" rx="10" fill="${accent}" ${line}/>`,
  /** A saw chain on its bar. */
  saw: ({ main, accent }) =>
    `<path d="M130 250 H410 C480 250 480 370 410 370 H130 Z" fill="${accent}" ${line}/>` +
    `<path d="M130 250 H410 C480 250 480 370 410 370 H130" fill="none" stroke="${main}" stroke-width="26" stroke-dasharray="22 14"/>` +
    `<rect x="90" y="230" width="90" height="160" rx="14" fill="${main}" ${line}/>`,
  /** A helmet with a visor. */
  helmet: ({ main, accent }) =>
    `<path d="M140 350 C140 200 460 200 460 350 Z" fill="${main}" ${line}/><rect x="120" y="340" width="360" height="36" rx="12" fill="${main}" ${line}/>` +
    `<path d="M170 376 H430 V460 H170 Z" fill="none" stroke="${accent}" stroke-width="10"/><path d="M200 376 V460 M250 376 V460 M300 376 V460 M350 376 V460 M400 376 V460" fill="none" stroke="${accent}" stroke-width="6"/>`,
  /** Split logs: firewood. */
  logs: ({ main, accent }) =>
    [
      [210, 400],
      [390, 400],
      [300, 260],
    ]
      .map(
        ([x, y]) =>
          `<circle cx="${x}" cy="${y}" r="92" fill="${main}" ${line}/><circle cx="${x}" cy="${y}" r="55" fill="none" stroke="${accent}" stroke-width="8"/>` +
          `<circle cx="${x}" cy="${y}" r="22" fill="none" stroke="${accent}" stroke-width="8"/>`,
      )
      .join(''),
  /** A fuel can. */
  canister: ({ main, accent }) =>
    `<path d="M170 200 L250 140 H420 V480 H170 Z" fill="${main}" ${line}/><rect x="290" y="100" width="90" height="40" rx="8" fill="${accent}" ${line}/>` +
    `<path d="M220 260 L370 420 M370 260 L220 420" fill="none" stroke="${accent}" stroke-width="18" stroke-linecap="round"/>`,
  /** An axe. */
  axe: ({ main, accent }) =>
    `<path d="M190 480 L390 150" fill="none" stroke="${INK}" stroke-width="44" stroke-linecap="round"/><path d="M190 480 L390 150" fill="none" stroke="${accent}" stroke-width="26" stroke-linecap="round"/>` +
    `<path d="M330 140 L450 150 C470 220 450 280 420 300 L360 240 Z" fill="${main}" ${line}/>`,
  /** A glass bottle of water or soft drink. */
  soda: ({ main, accent }) =>
    `<path d="M270 110 H330 V170 C370 200 380 230 380 270 C360 300 360 330 380 360 V490 H220 V360 C240 330 240 300 220 270 C220 230 230 200 270 170 Z" fill="${main}" ${line}/>` +
    `<rect x="262" y="90" width="76" height="36" rx="8" fill="${accent}" ${line}/><rect x="220" y="380" width="160" height="70" fill="${accent}" ${line}/>`,
} satisfies Record<string, Draw>;

export type Shape = keyof typeof SHAPES;

/** The drawing as a file: a square SVG with a light background in the family's colours. */
export function drawingSvg(shape: Shape, colours: Colours, title: string): string {
  const escaped = title.replace(/&/g, '&amp;').replace(/</g, '&lt;');
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 600 600" width="600" height="600" role="img">` +
    `<title>${escaped}</title><rect width="600" height="600" fill="#f3f4f6"/>${SHAPES[shape](colours)}</svg>\n`
  );
}
