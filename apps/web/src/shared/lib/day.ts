import 'dayjs/locale/zh-cn';
import dayjs from 'dayjs';

// Every date the app formats goes through here, so dayjs and its zh-cn locale load with the first
// page that shows a date instead of with the entry chunk.
dayjs.locale('zh-cn');

export { dayjs };
