import StorefrontIcon from '@mui/icons-material/Storefront';
import { MerchantList } from './MerchantList';
import { MerchantShow } from './MerchantShow';

export default {
  list: MerchantList,
  show: MerchantShow,
  icon: StorefrontIcon,
  recordRepresentation: 'companyName',
};
