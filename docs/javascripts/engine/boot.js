// Start the engine early. site_hooks/preload.py puts this module in the head of
// every page that shows a board, as <script type="module" async>: it runs as
// soon as it is fetched, while the page is still being read, instead of after
// the whole page like site.js. It imports the same client.js as site.js, so
// the page still has one engine (one Web Worker).
import { engine } from "./client.js";

engine.start();
