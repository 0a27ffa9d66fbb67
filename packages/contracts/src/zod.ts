// The `z` every contract schema is built with. Importing it runs messages.ts, which gives zod the
// spec's wording, wherever a schema is: a browser bundle tree-shakes the package's index, so the
// index alone never ran messages.ts there and forms showed zod's default wording.
import './messages';

export { z } from 'zod';
