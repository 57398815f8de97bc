import { repositoryModule } from '../../crud/module.js';
import { projectAssetFiles } from './project-assets.js';
import { projectProcess } from './project-process.js';

/** A project's design-in process and files, each call one module function (`routes/projects/_id/dip/`). */
const makeProjectDip = (context: Parameters<typeof projectProcess>[0]) => ({
  ...projectProcess(context),
  ...projectAssetFiles(context),
});

export type ProjectDipRepository = ReturnType<typeof makeProjectDip>;

declare module 'fastify' {
  interface FastifyInstance {
    /** The project side of the design-in process (spec product §5): its state, actions and files. */
    projectDip: ProjectDipRepository;
  }
}

export default repositoryModule(
  'projectDip',
  ({ db, config }, app) => makeProjectDip({ db, app, publicUrl: config.publicUrl }),
  ['projects'],
);
