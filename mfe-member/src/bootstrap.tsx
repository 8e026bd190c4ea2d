// Standalone mount for developing this remote without the shell; the shell mounts ./routes itself.
import { mountStandalone } from '@platform/ui/standalone';
import routes from './routes';

mountStandalone(routes);
