export { LabelledCheckbox } from './LabelledCheckbox';
