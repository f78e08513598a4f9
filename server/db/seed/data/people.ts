/** Swedish first and last names, streets and cities for companies and users. */

export const FIRST_NAMES = [
  'Anna', 'Eva', 'Maria', 'Karin', 'Sara', 'Lena', 'Emma', 'Kristina', 'Elin', 'Ida', 'Johanna', 'Malin', 'Linnea',
  'Sofia', 'Hanna', 'Frida', 'Maja', 'Elsa', 'Ingrid', 'Camilla', 'Jenny', 'Matilda', 'Agnes', 'Astrid', 'Therese',
  'Erik', 'Lars', 'Karl', 'Anders', 'Johan', 'Per', 'Mikael', 'Nils', 'Jonas', 'Fredrik', 'Oskar', 'Gustav', 'David',
  'Magnus', 'Henrik', 'Emil', 'Viktor', 'Axel', 'Olof', 'Björn', 'Mattias', 'Daniel', 'Sven', 'Albin', 'Hugo', 'Ali',
  'Amir', 'Noor', 'Yasmin', 'Mehmet', 'Leila', 'Omar', 'Aino', 'Mikko', 'Juan', 'Lucia',
];

export const LAST_NAMES = [
  'Andersson', 'Johansson', 'Karlsson', 'Nilsson', 'Eriksson', 'Larsson', 'Olsson', 'Persson', 'Svensson', 'Gustafsson',
  'Pettersson', 'Jonsson', 'Jansson', 'Hansson', 'Bengtsson', 'Jönsson', 'Lindberg', 'Jakobsson', 'Magnusson',
  'Lindström', 'Lindqvist', 'Lindgren', 'Berg', 'Axelsson', 'Bergström', 'Lundberg', 'Lundgren', 'Mattsson',
  'Berglund', 'Fredriksson', 'Sandberg', 'Henriksson', 'Forsberg', 'Sjöberg', 'Wallin', 'Engström', 'Danielsson',
  'Håkansson', 'Eklund', 'Lundin', 'Gunnarsson', 'Holm', 'Björk', 'Bergman', 'Samuelsson', 'Fransson', 'Wikström',
  'Isaksson', 'Nyström', 'Holmberg', 'Åberg', 'Öberg', 'Hedlund', 'Strand', 'Ekström', 'Sundberg', 'Hassan', 'Yilmaz',
  'Korhonen', 'García',
];

export const STREETS = [
  'Storgatan', 'Drottninggatan', 'Kungsgatan', 'Hamngatan', 'Sjögatan', 'Järnvägsgatan', 'Torggatan', 'Skolgatan',
  'Kyrkogatan', 'Bangårdsgatan', 'Strandvägen', 'Björkvägen', 'Parkgatan', 'Trädgårdsgatan', 'Nygatan', 'Södra vägen',
  'Industrivägen', 'Verkstadsgatan', 'Fjällvägen', 'Ågatan', 'Östra Långgatan', 'Västra Hamngatan', 'Lilla Torget',
  'Stationsvägen', 'Sågverksvägen',
];

/** City → first three digits of its postal codes and its telephone area code. */
export const CITIES: Record<string, { postal: string; area: string }> = {
  Stockholm: { postal: '114', area: '08' },
  Uppsala: { postal: '753', area: '018' },
  Åre: { postal: '837', area: '0647' },
  Göteborg: { postal: '411', area: '031' },
  Falun: { postal: '791', area: '023' },
  Umeå: { postal: '903', area: '090' },
  Järvsö: { postal: '827', area: '0651' },
  Malmö: { postal: '211', area: '040' },
  Linköping: { postal: '582', area: '013' },
  Visby: { postal: '621', area: '0498' },
  Lund: { postal: '222', area: '046' },
  Ystad: { postal: '271', area: '0411' },
  Mora: { postal: '792', area: '0250' },
  Västerås: { postal: '722', area: '021' },
  Karlstad: { postal: '652', area: '054' },
  Östersund: { postal: '831', area: '063' },
  Luleå: { postal: '972', area: '0920' },
  Sundsvall: { postal: '852', area: '060' },
  Simrishamn: { postal: '272', area: '0414' },
  Eskilstuna: { postal: '632', area: '016' },
  Mölndal: { postal: '431', area: '031' },
  Kiruna: { postal: '981', area: '0980' },
  Norrköping: { postal: '602', area: '011' },
  Jönköping: { postal: '553', area: '036' },
  Kalmar: { postal: '392', area: '0480' },
  Ljusdal: { postal: '827', area: '0651' },
  Gävle: { postal: '803', area: '026' },
};

/** Staff at the wholesaler, used as "their reference" on orders. */
export const SALES_STAFF = ['Jonas Berg', 'Maria Lind', 'Per Ek', 'Sofia Holm', 'Kundtjänst'];
