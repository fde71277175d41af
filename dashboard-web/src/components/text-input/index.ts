export { NativeSelectField } from './NativeSelectField';
export { TextInput, type TextInputProps } from './TextInput';
