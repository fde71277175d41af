export { LoadWhenNear } from './LoadWhenNear';
