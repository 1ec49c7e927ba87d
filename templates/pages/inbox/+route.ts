export default '/admin/enquiries'
