/** The design-in process of a project, shown in the project page (issue 10 part 4). */
export { DesignInProcess } from './components/design-in-process';
