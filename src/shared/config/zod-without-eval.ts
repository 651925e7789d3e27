// Imported first by every page entry: zod's object schemas probe `new Function` when they are made, and the
// Content-Security-Policy (no 'unsafe-eval') reports that probe as a violation even though zod catches it. Without
// the probe zod parses the same way, a little slower on very large objects.
import { z } from 'zod';

z.config({ jitless: true });
