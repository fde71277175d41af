import ReceiptLongIcon from '@mui/icons-material/ReceiptLong';
import { EventList } from './EventList';
import { EventShow } from './EventShow';

export default {
  list: EventList,
  show: EventShow,
  icon: ReceiptLongIcon,
  recordRepresentation: 'type',
};
