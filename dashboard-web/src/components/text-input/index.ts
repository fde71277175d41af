export { TextInput, type TextInputProps } from './TextInput';
// NativeSelectField is imported from './NativeSelectField' by the page that uses it: re-exported here, it (with
// MUI's NativeSelect and Input) was downloaded by every page with a text field.
