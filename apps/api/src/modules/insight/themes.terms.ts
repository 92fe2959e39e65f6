// The words (English and Spanish, with common synonyms) by which a comment mentions each quick tag or a
// recurring shop/café topic; discovered phrases that match one of these words are merged into that theme.

/** Terms for the product's quick tags (STAFF_TAGS and EXPERIENCE_TAGS in @cx/contracts), keyed by tag. */
export const TAG_TERMS: Record<string, string[]> = {
  Friendly: [
    'friendly', 'unfriendly', 'friendliest', 'kind', 'welcoming', 'welcome', 'warm', 'smile', 'rude', 'polite',
    'say hello', 'greet', 'short with', 'amable', 'simpático', 'simpática', 'majo', 'maja', 'agradable', 'sonrisa',
    'borde', 'maleducado', 'saludó', 'cordial', 'encantador', 'encantadora',
  ],
  Helpful: [
    'help', 'helpful', 'unhelpful', 'assist', 'assistance', 'sorted', 'ayudar', 'ayuda', 'ayudó', 'ayudaron',
    'servicial', 'atento', 'atenta',
  ],
  'Quick service': [
    'quick', 'quickly', 'fast', 'slow', 'slowly', 'speedy', 'took forever', 'took ages', 'get served',
    'in and out', "snail's pace", 'minutes', 'rápido', 'rápida', 'rápidos', 'lento', 'lentos',
    'tardaron', 'tardar', 'minutos',
  ],
  Knowledgeable: [
    'knowledgeable', 'knowledgable', 'know', 'knew', 'knows', 'advice', 'explained', 'expert', 'no idea',
    'clueless', 'sabe', 'saben', 'explicó', 'ni idea', 'consejo', 'asesoró', 'recomendó',
  ],
  'Clean store': [
    'clean', 'cleaner', 'dirty', 'tidy', 'messy', 'spotless', 'filthy', 'sticky', 'toilets', 'toilet', 'bins',
    'limpio', 'limpia', 'sucio', 'sucia', 'sucias', 'ordenado', 'ordenada', 'desordenado', 'limpiaba', 'baño',
  ],
  'Great value': [
    'value', 'price', 'prices', 'priced', 'overpriced', 'cheap', 'expensive', 'pricey', 'deals', 'offer', 'precio',
    'precios', 'caro', 'carísimo', 'barato', 'oferta', 'ofertas', 'ahorré',
  ],
  'Easy to find things': [
    'find', 'found', 'layout', 'signs', 'aisle', 'aisles', 'organised', 'moved around', 'encontrar', 'encontraba',
    'encontré', 'señalizado', 'de sitio', 'pasillo',
  ],
};

/** Recurring topics in shop and café comments that are not quick tags, named in lower case. */
export const TOPIC_TERMS: Record<string, string[]> = {
  queue: ['queue', 'queues', 'line', 'wait', 'waited', 'waiting', 'cola', 'fila', 'espera', 'esperar', 'esperé'],
  coffee: [
    'coffee', 'latte', 'cappuccino', 'flat white', 'espresso', 'americano', 'café', 'cortado', 'capuchino',
  ],
  checkout: ['checkout', 'checkouts', 'self checkout', 'card machine', 'autopago', 'pagar', 'pago'],
  stock: ['stock', 'sold out', 'out of', 'shelves', 'estanterías', 'agotado', 'no tenían'],
  parking: ['parking', 'car park', 'aparcar', 'aparcamiento'],
  music: ['music', 'música'],
  food: [
    'food', 'cake', 'croissant', 'sandwich', 'sourdough', 'pastry', 'chips', 'bite', 'cruasán', 'cruasanes',
    'tarta', 'bocadillo', 'tostada', 'comida', 'masa madre',
  ],
};

/** Words too general to be a theme of their own ("staff", "service", "shop"). */
export const GENERIC_WORDS = new Set([
  'staff', 'service', 'store', 'shop', 'place', 'time', 'today', 'day', 'visit', 'experience', 'thing', 'people',
  'lot', 'team', 'guy', 'girl', 'lady', 'customer', 'customers', 'week', 'morning', 'usual', 'star', 'stars',
  'tienda', 'personal', 'sitio', 'vez', 'día', 'hoy', 'gente', 'cosa', 'experiencia', 'servicio', 'atención',
  'trato', 'empleado', 'new', 'good', 'everything', 'anything', 'nothing', 'bit', 'first', 'empleados', 'cliente', 'clientes', 'chica', 'chico', 'montón', 'rato',
]);
