export { TextInput, type TextInputProps } from './TextInput';
// NativeSelectField and PasswordField are imported from their own files by the pages that use them: re-exported
// here, they (MUI's NativeSelect and Input, the eye icons) were downloaded by every page with a text field.
