// Worker threads start plain JavaScript: this loads the TypeScript parsing thread through
// tsx, which the server itself runs on (`node --import tsx`), in tests and production alike.
import { workerData } from 'node:worker_threads';
import { tsImport } from 'tsx/esm/api';

await tsImport(workerData.entry, import.meta.url);
