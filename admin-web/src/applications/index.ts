import AssignmentIcon from '@mui/icons-material/Assignment';
import { ApplicationList } from './ApplicationList';

export default {
  list: ApplicationList,
  icon: AssignmentIcon,
  recordRepresentation: 'companyName',
};
